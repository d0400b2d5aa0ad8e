// The user's answer to a step-up prompt: a prover opens a screen and waits here; the screen settles
// it once the backend took the proof, and closing the dialog cancels it.
import { defineListener, defineService, UserCancelledError, type AbortOptions, type AuthStep, type Kit, type StepUpProver } from "latch-kit";

/** What closing a step-up prompt rejects with (ours: the spec has no text for it). */
export const STEP_UP_CANCELLED_TEXT = "The change was cancelled: it needs you to confirm it's you.";

/** One step-up prompt at a time per kit; a newer one cancels the older. */
export class StepUpPrompt {
  private waiting: { resolve: () => void; reject: (error: Error) => void } | null = null;

  /** Shows `step` (in the dialog when the kit uses one) and waits for the screen's answer. */
  ask(kit: Kit, step: AuthStep, options: AbortOptions = {}): Promise<void> {
    this.cancel();
    const answered = new Promise<void>((resolve, reject) => {
      this.waiting = { resolve, reject };
      options.signal?.addEventListener("abort", () => this.cancel(options.signal?.reason as Error), { once: true });
    });
    if (kit.config.ui.uiMode === "modal") kit.openModal(step);
    else kit.setStep(step);
    return answered;
  }

  get isWaiting(): boolean {
    return this.waiting !== null;
  }

  /** The backend took the proof: the change goes on; the prompt closes. */
  settle(kit: Kit): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve();
    if (kit.isModalOpen()) kit.closeModal();
    kit.setStep({ type: "initial" });
  }

  /** The user closed the prompt (or the caller aborted): the change is not made. */
  cancel(reason: Error = new UserCancelledError(STEP_UP_CANCELLED_TEXT)): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(reason);
  }
}

/** The kit's step-up prompt. */
export const stepUpPrompt = defineService("mfa.StepUpPrompt", { create: () => new StepUpPrompt() });

/** Closing the dialog while a step-up prompt waits cancels the change. */
export const cancelStepUpOnClose = defineListener("modalOpenChanged", (open, kit) => {
  if (!open) stepUpPrompt.of(kit).cancel();
});

/** The TOTP prover: `totp_verify` for the factor the backend named; the code goes to the step-up route. */
export const totpStepUpProver: StepUpProver = {
  proof: "totp",
  prove: (kit, proof, options) => {
    return stepUpPrompt.of(kit).ask(kit, { type: "totp_verify", factorId: proof.multiFactorId ?? "", previousStep: "stepUp" }, options);
  },
};
