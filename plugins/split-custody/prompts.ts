import { defineService, getEmbeddedSigner, type AbortOptions, type AuthStep, type AuthStepType, type CustodyPrompts, type Kit } from "latch-kit";
import "./registry";

type PromptStep = "custody_recovery_setup" | "custody_recover";

/** The steps a prompt may pass through before the user is done (the code screen follows the setup). */
const STEPS_OF: Record<PromptStep, AuthStepType[]> = {
  custody_recovery_setup: ["custody_recovery_setup", "custody_recovery_code"],
  custody_recover: ["custody_recover"],
};

/** Whether the user did what the prompt asked (leaving then settles it; else it rejects). */
const DONE: Record<PromptStep, (kit: Kit) => boolean> = {
  custody_recovery_setup: (kit) => getEmbeddedSigner(kit).custody.status?.custody === "split",
  custody_recover: (kit) => getEmbeddedSigner(kit).custody.status?.deviceShare === true,
};

/**
 * The custody screens' side of one kit: a prompt opens its step once the dialog is free (a sign-in
 * still on screen completes first) and settles when its screen says the user is done, or rejects
 * when the user leaves the step. One prompt per step at a time: asking again joins it.
 */
class Prompts {
  private readonly pending = new Map<PromptStep, { promise: Promise<void>; resolve: () => void }>();

  constructor(private readonly kit: Kit) {}

  ask(type: PromptStep, options: AbortOptions): Promise<void> {
    const open = this.pending.get(type);
    if (open) return open.promise;
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    this.pending.set(type, { promise, resolve });
    const offs: Array<() => void> = [];
    const settle = () => {
      for (const off of offs.splice(0)) off();
      this.pending.delete(type);
    };
    const leave = (reason: unknown) => {
      if (this.pending.get(type)?.promise !== promise) return;
      settle();
      if (DONE[type](this.kit)) resolve();
      else reject(reason);
    };
    void promise.then(settle, () => undefined);
    const onAbort = () => leave(options.signal?.reason);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    offs.push(() => options.signal?.removeEventListener("abort", onAbort));
    void this.whenDialogFree().then(() => {
      if (this.pending.get(type)?.promise !== promise) return;
      this.kit.openModal({ type } as AuthStep);
      const left = () => leave(new DOMException(`The user left the "${type}" step`, "AbortError"));
      offs.push(
        this.kit.events.on("stepChanged", (step) => {
          if (!STEPS_OF[type].includes(step.type)) left();
        }),
        this.kit.events.on("modalOpenChanged", (isOpen) => {
          if (!isOpen) left();
        }),
      );
    });
    return promise;
  }

  /** The screen's user is done: the prompt settles, then the dialog completes. */
  finish(type: PromptStep): void {
    const open = this.pending.get(type);
    this.pending.delete(type);
    open?.resolve();
    this.kit.setStep({ type: "complete" });
  }

  /**
   * Resolves once no other step is on screen (the dialog closed, or at initial / complete). Checked
   * again after the closing step's own handlers have run: a step another plugin opened then (the
   * offer to add a passkey after sign-up) goes first, and this waits for it to close too.
   */
  private whenDialogFree(): Promise<void> {
    const busy = () => this.kit.isModalOpen() && this.kit.getStep().type !== "initial" && this.kit.getStep().type !== "complete";
    if (!busy()) return Promise.resolve();
    return new Promise((resolve) => {
      const off = this.kit.events.on("modalOpenChanged", (isOpen) => {
        if (isOpen) return;
        off();
        setTimeout(() => void this.whenDialogFree().then(resolve), 0);
      });
    });
  }
}

const prompts = defineService("splitCustody.Prompts", { create: (kit: Kit) => new Prompts(kit) });

/** The prompts of a kit's custody screens. */
export const custodyPromptsOf = (kit: Kit): Prompts => prompts.of(kit);

/** What the split-custody plugin registers for the embedded signer. */
export const custodyPrompts = (kit: Kit): CustodyPrompts => ({
  chooseRecovery: (_kit, options) => custodyPromptsOf(kit).ask("custody_recovery_setup", options),
  recoverDevice: (_kit, options) => custodyPromptsOf(kit).ask("custody_recover", options),
});
