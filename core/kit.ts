import { createKitContainer, TOKENS } from "./services";
import { assertValid } from "./config-schema";
import { resolveKitConfig, type KitConfig } from "./config";
import { untilAborted } from "./abort";
import { Emitter } from "./events";
import { MissingAuthenticatorError, UnimplementedSectionError } from "./errors";
import type { Kit, KitEventRegistry } from "./kit-types";
import type { AuthenticatePayload, LatchPlugin, StepDefinition } from "./plugin";
import { coreStepsPlugin } from "./core-steps";
import type { AuthStep, AuthStepType } from "./steps";
import { createKitAtoms, createKitStore } from "./store";
import type { SignerStatus, User } from "./types";

/**
 * One kit = a child DI container + a jotai store + the installed plugins.
 * Two kits on one page share nothing.
 *
 * @example
 * const kit = createKit({
 *   plugins: [emailOtp(), passkey()],
 *   signer: { url: "https://signer.example.com" },
 *   ui: { auth: { sections: [[{ type: "email" }], [{ type: "passkey" }]] } },
 * });
 */
export function createKit(config: KitConfig = {}): Kit {
  const resolved = resolveKitConfig(config);
  const container = createKitContainer();
  const store = createKitStore();
  const atoms = createKitAtoms({
    ...(resolved.ui.strings ? { strings: resolved.ui.strings } : {}),
    ...(resolved.ui.locale ? { locale: resolved.ui.locale } : {}),
  });
  const events = new Emitter<KitEventRegistry>();
  const installed = new Set<string>();
  const teardowns: Array<() => void> = [];
  let started: Promise<void> | null = null;

  const startPlugin = async (plugin: LatchPlugin) => {
    try {
      await plugin.start?.(kit);
    } catch (error) {
      console.error(`[latch] plugin "${plugin.id}" failed to start`, error);
    }
  };

  const stepDefinitions = (type: AuthStepType) =>
    container.all(TOKENS.Step).filter((def) => def.type === type);

  const kit: Kit = {
    id: config.id ?? "latch",
    config: resolved,
    container,
    store,
    atoms,
    events,

    use(plugin: LatchPlugin) {
      if (installed.has(plugin.id)) return;
      installed.add(plugin.id);
      for (const required of plugin.requires ?? []) kit.use(required);
      container.add(TOKENS.Plugin, plugin);
      for (const section of plugin.sections ?? []) container.add(TOKENS.Section, section);
      for (const step of plugin.steps ?? []) container.add(TOKENS.Step, step);
      for (const auth of plugin.authenticators ?? []) container.add(TOKENS.Authenticator, auth);
      for (const signer of plugin.accountSigners ?? []) container.add(TOKENS.AccountSigner, signer);
      for (const listener of plugin.listeners ?? []) {
        container.add(TOKENS.Listener, listener);
        teardowns.push(events.on(listener.event, (payload) => listener.handle(payload, kit)));
      }
      const teardown = plugin.setup?.(kit);
      if (typeof teardown === "function") teardowns.push(teardown);
      if (started) void startPlugin(plugin);
    },

    hasPlugin: (id) => installed.has(id),

    section: (type) => container.all(TOKENS.Section).findLast((s) => s.type === type),

    // Several plugins may describe one step (core its behaviour, the renderer its screen): merged in order.
    step: (type) => Object.assign({ type }, ...stepDefinitions(type)) as StepDefinition,

    getStep: () => store.get(atoms.authStep),

    setStep(step: AuthStep) {
      store.set(atoms.authStep, step);
      events.emit("stepChanged", step);
      kit.step(step.type).onEnter?.(step as never, kit);
    },

    back() {
      const step = kit.getStep();
      const { back } = kit.step(step.type);
      const target = typeof back === "function" ? back(step as never, kit) : back ? ({ type: back } as AuthStep) : null;
      if (!target) {
        console.warn(`[latch] back is not available from step "${step.type}"`);
        return;
      }
      kit.setStep(target);
    },

    isModalOpen: () => store.get(atoms.modalOpen),

    openModal(step?: AuthStep) {
      if (step) kit.setStep(step);
      else if (kit.getStep().type === "complete") kit.setStep({ type: "initial" });
      if (!kit.isModalOpen()) {
        store.set(atoms.modalOpen, true);
        events.emit("modalOpenChanged", true);
      }
    },

    closeModal() {
      const step = kit.getStep();
      if (kit.isModalOpen()) {
        store.set(atoms.modalOpen, false);
        events.emit("modalOpenChanged", false);
      }
      if (kit.step(step.type).onClose === "complete") kit.setStep({ type: "complete" });
      else if (kit.getStatus() !== "CONNECTED") kit.setStep({ type: "initial" });
    },

    setLocale(locale: string | undefined, strings?: Record<string, Record<string, string>>) {
      store.set(atoms.locale, locale);
      store.set(atoms.strings, strings ?? {});
    },

    getStatus: () => store.get(atoms.status),

    setStatus(status: SignerStatus) {
      if (store.get(atoms.status) === status) return;
      store.set(atoms.status, status);
      events.emit("statusChanged", status);
    },

    getUser: () => store.get(atoms.user),

    setUser(user: User | null) {
      const previous = store.get(atoms.user);
      store.set(atoms.user, user);
      if (user) events.emit("connected", user);
      else if (previous) events.emit("disconnected", undefined);
    },

    async authenticate(payload: AuthenticatePayload) {
      const { type, signal } = payload as { type: string; signal?: AbortSignal };
      signal?.throwIfAborted();
      const authenticator = container.all(TOKENS.Authenticator).findLast((a) => a.type === type);
      if (!authenticator) throw new MissingAuthenticatorError(type);
      return untilAborted(authenticator.authenticate(payload as never, kit), signal);
    },

    start() {
      started ??= Promise.all(container.all(TOKENS.Plugin).map(startPlugin)).then(() => {
        if (kit.getStatus() === "INITIALIZING") kit.setStatus("DISCONNECTED");
      });
      return started;
    },

    async disconnect() {
      const plugins = container.all(TOKENS.Plugin).filter((p) => p.disconnect);
      const results = await Promise.allSettled(plugins.map((p) => p.disconnect!(kit)));
      for (const r of results) if (r.status === "rejected") console.warn("[latch] a plugin failed to disconnect", r.reason);
      kit.setUser(null);
      kit.setStatus("DISCONNECTED");
    },

    destroy() {
      for (const teardown of teardowns.splice(0).reverse()) teardown();
      events.clear();
      container.clearInstances();
    },
  };

  // After a logout the flow starts over (an embedded card would otherwise stay on `complete`).
  events.on("disconnected", () => {
    if (kit.getStep().type === "complete") kit.setStep({ type: "initial" });
  });
  container.register(TOKENS.Kit, () => kit);
  kit.use(coreStepsPlugin);
  for (const plugin of resolved.plugins) kit.use(plugin);
  assertSectionsImplemented(kit);
  return kit;
}

function assertSectionsImplemented(kit: Kit): void {
  for (const [g, group] of (kit.config.ui.auth?.sections ?? []).entries()) {
    for (const [i, section] of group.entries()) {
      const definition = kit.section(section.type);
      if (!definition) throw new UnimplementedSectionError(section.type);
      if (process.env.NODE_ENV !== "production" && definition.schema) assertValid(definition.schema, section, `ui.auth.sections[${g}][${i}].`);
    }
  }
}
