import { RETURN_PARAMS, type AuthStep, type Kit } from "latch-kit";
import { cancelledOnProvider, OauthError } from "./errors";
import { getOauthService, type OauthResultMessage } from "./service";
import { redirectMark } from "./pending";

const NOT_STARTED_HERE = "This sign-in was not started in this tab: sign in again";
import "./registry";

/** Parameters of a social redirect's return (the email link's `bundle` / `orgId` belong to magic-link). */
const OAUTH_RETURN_PARAMS = [
  RETURN_PARAMS.oauthBundle,
  RETURN_PARAMS.oauthOrgId,
  RETURN_PARAMS.idToken,
  RETURN_PARAMS.accessToken,
  RETURN_PARAMS.otpId,
  RETURN_PARAMS.email,
  RETURN_PARAMS.authProvider,
  RETURN_PARAMS.error,
  RETURN_PARAMS.errorCode,
  RETURN_PARAMS.encryptedPayload,
  RETURN_PARAMS.multiFactors,
];

/**
 * On load: a return from a social redirect carries the result as URL parameters. They are removed
 * at once (tokens must not linger in history), then the sign-in completes; an error in the URL
 * becomes the initial step's error, named OauthError.
 */
export async function completeOauthReturn(kit: Kit): Promise<void> {
  if (typeof location === "undefined" || typeof history === "undefined") return;
  const url = new URL(location.href);
  const params = url.searchParams;
  if (!OAUTH_RETURN_PARAMS.some((name) => params.has(name))) return;
  const read = (name: string) => params.get(name) ?? undefined;
  const message: OauthResultMessage = {
    status: read(RETURN_PARAMS.status),
    bundle: read(RETURN_PARAMS.oauthBundle),
    orgId: read(RETURN_PARAMS.oauthOrgId),
    idToken: read(RETURN_PARAMS.idToken),
    accessToken: read(RETURN_PARAMS.accessToken),
    isSignup: params.get(RETURN_PARAMS.isSignup) === "true",
    otpId: read(RETURN_PARAMS.otpId),
    email: read(RETURN_PARAMS.email),
    authProvider: read(RETURN_PARAMS.authProvider),
    error: read(RETURN_PARAMS.error),
    errorCode: read(RETURN_PARAMS.errorCode),
    encryptedPayload: read(RETURN_PARAMS.encryptedPayload),
    multiFactors: parseFactors(read(RETURN_PARAMS.multiFactors)),
  };
  for (const name of [...OAUTH_RETURN_PARAMS, RETURN_PARAMS.status, RETURN_PARAMS.isSignup]) params.delete(name);
  history.replaceState(history.state, "", url.toString());

  const service = getOauthService(kit);
  const show = (step: AuthStep) => (kit.config.ui.uiMode === "modal" ? kit.openModal(step) : kit.setStep(step));
  if (!redirectMark.take(kit.id)) {
    show({ type: "initial", error: service.fail(new OauthError(NOT_STARTED_HERE), null) });
    return;
  }
  // Cancelled on the provider's page: back to the start, quietly.
  if (cancelledOnProvider(message.errorCode)) {
    show({ type: "initial" });
    return;
  }
  if (message.error) {
    show({ type: "initial", error: service.fail(new OauthError(message.error), null) });
    return;
  }
  kit.setStatus("AUTHENTICATING_OAUTH");
  kit.events.emit("authenticating", { type: "oauth" });
  try {
    const result = await service.handleResult(message, { authProviderId: message.authProvider ?? "oauth" }, "redirect");
    // complete fires onAuthSuccess; a listener may have moved on (linking, a passkey offer).
    if (result.status === "SUCCESS" && kit.getStep().type === "initial") kit.setStep({ type: "complete" });
  } catch (error) {
    show({ type: "initial", error: service.fail(error, "DISCONNECTED") });
  }
}

/** `latch-multi-factors`: the factors of an MFA-required result, JSON; anything else is none. */
function parseFactors(raw: string | undefined): OauthResultMessage["multiFactors"] {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return undefined;
    return parsed.filter(
      (f): f is { multiFactorId: string; multiFactorType: string } =>
        typeof f === "object" && f !== null && typeof f.multiFactorId === "string" && typeof f.multiFactorType === "string",
    );
  } catch {
    return undefined;
  }
}
