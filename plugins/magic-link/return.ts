import { getEmbeddedSigner, LatchError, RETURN_PARAMS, toError, type Kit } from "latch-kit";
import type { LinkAcrossTabs } from "./cross-tab";

/**
 * On load: a return from an email link carries `bundle` and `orgId`. They are removed from the
 * URL at once (the bundle must not linger in history), then the sign-in completes.
 */
export async function completeMagicLinkReturn(kit: Kit, tabs?: Pick<LinkAcrossTabs, "listen" | "announce">): Promise<void> {
  if (typeof location === "undefined") return;
  const url = new URL(location.href);
  const bundle = url.searchParams.get(RETURN_PARAMS.bundle);
  const orgId = url.searchParams.get(RETURN_PARAMS.orgId);
  if (!bundle || !orgId) return;
  const isNewUser = url.searchParams.get(RETURN_PARAMS.isSignup) === "true";
  for (const name of [RETURN_PARAMS.bundle, RETURN_PARAMS.orgId, RETURN_PARAMS.isSignup]) url.searchParams.delete(name);
  history.replaceState(history.state, "", url.toString());

  if (kit.config.ui.uiMode === "modal") kit.openModal({ type: "email_completing" });
  else kit.setStep({ type: "email_completing" });
  try {
    const signer = getEmbeddedSigner(kit);
    // The link completes a sign-in this browser started (its bundle is sealed to this browser's frame key).
    if (!signer.sessions.getTemporary()) throw new LatchError("Could not find email auth init session!");
    await signer.completeWithBundle({ bundle, orgId, sessionType: "email", isNewUser });
    // The tab that asked for the link may still wait on 'check your email': it completes too.
    tabs?.listen();
    tabs?.announce({ bundle, orgId, isNewUser });
    // A listener may have moved on meanwhile (e.g. offering a passkey after sign-up).
    if (kit.getStep().type === "email_completing") kit.setStep({ type: "complete" });
  } catch (error) {
    kit.setStep({ type: "initial", error: toError(error) });
  }
}
