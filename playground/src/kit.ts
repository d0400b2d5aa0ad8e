import { createKit, type Kit } from "latch-kit";
import type { KitDescription } from "./methods";

export interface EventLogEntry {
  id: number;
  at: number;
  event: string;
  detail: string;
}

/** Builds the kit of a description: the code of the snippet, run against the emulator. */
export function buildKit(description: KitDescription, onAuthSuccess: () => void): Kit {
  return createKit({
    plugins: description.plugins.map((p) => p.make()),
    signer: description.signer,
    ui: {
      ...description.ui,
      auth: { sections: description.sections, ...description.auth },
      onAuthSuccess,
    },
  });
}

/** Events worth showing a developer, with a one-line detail each. */
export function watchKit(kit: Kit, log: (event: string, detail: string) => void): () => void {
  const offs = [
    kit.events.on("connected", (user) => log("connected", `${user.type} ${user.email ?? user.phone ?? user.address}`)),
    kit.events.on("disconnected", () => log("disconnected", "")),
    kit.events.on("authenticating", ({ type }) => log("authenticating", type)),
    kit.events.on("newUserSignup", () => log("newUserSignup", "")),
    kit.events.on("connectedOauth", (payload) => log("connectedOauth", JSON.stringify(payload).slice(0, 120))),
    kit.events.on("emailAuthLinkingRequired", ({ email }) => log("emailAuthLinkingRequired", email)),
    kit.events.on("statusChanged", (status) => log("status", status)),
    kit.events.on("stepChanged", (step) => log("step", step.type)),
    kit.events.on("modalOpenChanged", (open) => log("modal", open ? "open" : "closed")),
    kit.events.on("track", ({ name, data }) => log("track", data ? `${name} ${JSON.stringify(data)}` : name)),
  ];
  return () => offs.forEach((off) => off());
}
