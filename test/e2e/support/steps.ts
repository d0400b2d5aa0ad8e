import type { Page } from "playwright-core";

const WALLET = { key: "evm:injected:metamask", source: "injected", chain: "evm", id: "io.metamask", name: "MetaMask with a long wallet name" };

/**
 * What each auth step is drawn with on the step pages (test/e2e/pages/steps.tsx, small-screens.tsx).
 * A plugin that adds a step must add it here: the tests fail on a registered step without a
 * sample, so no step escapes them. null: not drawn (initial with an error is drawn apart; complete
 * closes the dialog).
 */
export const STEP_SAMPLES: Record<string, Record<string, unknown> | null> = {
  initial: {},
  initial_with_error: null,
  otp_verify: { email: "a.rather.long.address.for.a.small.screen@example-company.com", channel: "email", status: "base" },
  totp_verify: { factorId: "f1", previousStep: "otp", email: "ada@example.com" },
  step_up_code: { otpId: "otp-1", contact: "a.rather.long.address.for.a.small.screen@example-company.com", channel: "email" },
  email_verify: { email: "a.rather.long.address.for.a.small.screen@example-company.com" },
  email_completing: {},
  passkey_verify: { createNew: false },
  passkey_create: {},
  passkey_create_success: {},
  oauth_completing: { config: { authProviderId: "google", mode: "popup" } },
  pick_eoa: {},
  eoa_connect: { chain: "evm", wallet: WALLET },
  quiz_question: { question: "Favourite colour?" },
  quiz_answer: { question: "Favourite colour?", answer: "blue" },
  complete: null,
};

/** Waits until the open dialogs' animations that end (the sheet sliding in; not a spinner) have finished: the state, not a clock. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const dialogs = [...document.querySelectorAll("dialog[open]")];
    const ending = dialogs.flatMap((d) => d.getAnimations({ subtree: true })).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Opens the page's kit (`window.__kit`) at `step` and waits until it is drawn and still. */
export async function drawStep(page: Page, step: Record<string, unknown>): Promise<void> {
  await page.evaluate((s) => (window as unknown as { __kit: { openModal: (s: unknown) => void } }).__kit.openModal(s), step);
  await page.locator(`[data-latch-step="${String(step.type)}"]`).waitFor();
  await animationsSettled(page);
}
