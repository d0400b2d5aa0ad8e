import { toError, type Kit } from "latch-kit";
import { payloadOf, type SocialStepConfig } from "./config";
import { isOauthCancelled } from "./errors";
import type { OauthAuthenticateResult } from "./service";
import { getOauthService } from "./service";
import "./registry";

/**
 * Starts social sign-in from the dialog: oauth_completing, then complete, the error panel, or back
 * to initial when cancelled. Call it from the click handler itself: in popup mode the
 * window opens before this returns. Leaving oauth_completing (back, close) cancels the popup.
 */
export function startSocialSignIn(kit: Kit, config: SocialStepConfig): Promise<void> {
  const step = { type: "oauth_completing" as const, config };
  kit.setStep(step);
  let settled = false;
  const stopWatching = kit.events.on("stepChanged", (next) => {
    if (!settled && next.type !== "oauth_completing") getOauthService(kit).cancelActive();
  });
  const attempt = kit.authenticate({ type: "oauth", ...payloadOf(config) }) as Promise<OauthAuthenticateResult>;
  return attempt
    .then(
      (result) => {
        // A listener may have moved on (account linking → otp_verify, a passkey offer after sign-up).
        if (result.status === "SUCCESS" && kit.getStep().type === "oauth_completing") kit.setStep({ type: "complete" });
      },
      (error: unknown) => {
        if (kit.getStep().type !== "oauth_completing") return;
        if (isOauthCancelled(error)) return kit.setStep({ type: "initial" });
        console.warn("[latch] social sign-in failed", error);
        kit.setStep({ ...step, error: toError(error) });
      },
    )
    .finally(() => {
      settled = true;
      stopWatching();
    });
}
