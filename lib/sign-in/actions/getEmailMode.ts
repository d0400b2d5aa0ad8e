import { defineService, getEmbeddedSigner, type EmailMode, type Kit } from "latch-kit";
import { toEmailMode } from "../signer-options";

const emailModeCache = defineService("sign-in.EmailMode", { create: () => ({ pending: null as Promise<EmailMode> | null }) });

/** The email mode: the kit's `signer.emailMode` if set, else the backend's signer-config (default code). */
export function getEmailMode(kit: Kit): Promise<EmailMode> {
  const signer = getEmbeddedSigner(kit);
  const configured = toEmailMode(signer.config.options.emailMode);
  if (configured) return Promise.resolve(configured);
  const cache = emailModeCache.of(kit);
  cache.pending ??= signer.client
    .request("signer-config", {})
    .then((c) => (c.email?.mode === "MAGIC_LINK" ? ("magicLink" as const) : ("otp" as const)))
    .catch((error) => {
      cache.pending = null;
      throw error;
    });
  return cache.pending;
}
