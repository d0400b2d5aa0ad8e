import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { RETURN_PARAMS } from "../../../wire/constants";
import {
  ApiError,
  errorPage,
  get,
  popupResultPage,
  type ServerContext,
} from "../../../server/method-kit";
import { completeOauth, isAllowedAppUrl, parseOauthState, type OauthResult, type OauthState } from "./flow";

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" };

/** Redirect mode: the result as the query parameters the kit reads. */
const REDIRECT_PARAMS: Record<string, string> = {
  status: RETURN_PARAMS.status,
  bundle: RETURN_PARAMS.oauthBundle,
  orgId: RETURN_PARAMS.oauthOrgId,
  idToken: RETURN_PARAMS.idToken,
  accessToken: RETURN_PARAMS.accessToken,
  otpId: RETURN_PARAMS.otpId,
  email: RETURN_PARAMS.email,
  authProvider: RETURN_PARAMS.authProvider,
  error: RETURN_PARAMS.error,
  errorCode: RETURN_PARAMS.errorCode,
  encryptedPayload: RETURN_PARAMS.encryptedPayload,
  multiFactors: RETURN_PARAMS.multiFactors,
};

/**
 * `/callback`: the social sign-in return page on the signer host. It finishes the code flow and
 * hands the result to the app: posted to the opener at `openerOrigin` only (popup), or as query
 * parameters on `redirectUrl` (redirect).
 */
export function oauthCallbackPage() {
  return get("/callback", async (c, ctx) => {
    let state: OauthState;
    try {
      state = parseOauthState(c.req.query("state"));
    } catch (error) {
      return refuse(c, error instanceof Error ? error.message : "The state is invalid");
    }
    const target = state.openerOrigin ?? state.redirectUrl;
    if (!target) return refuse(c, "The state names neither an openerOrigin (popup) nor a redirectUrl (redirect)");
    if (!isAllowedAppUrl(ctx, target)) {
      return refuse(c, `${target} is not an allowed app address: add its origin to allowedOrigins (CLI --allowed-origin)`);
    }
    const result = await outcome(ctx, state, c.req.query());
    if (state.openerOrigin) {
      const nonce = randomBytes(16).toString("base64");
      return c.html(popupResultPage(result, new URL(state.openerOrigin).origin, nonce), 200, {
        ...NO_STORE,
        "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'`,
      });
    }
    const url = new URL(state.redirectUrl!);
    for (const [field, value] of Object.entries(result)) {
      const name = REDIRECT_PARAMS[field];
      if (name && typeof value === "string") url.searchParams.set(name, value);
      else if (name && Array.isArray(value)) url.searchParams.set(name, JSON.stringify(value));
    }
    if ("isSignup" in result && result.isSignup) url.searchParams.set(RETURN_PARAMS.isSignup, "true");
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(url.toString(), 302);
  });
}

async function outcome(ctx: ServerContext, state: OauthState, query: Record<string, string>): Promise<OauthResult> {
  const authProvider = state.authProviderId;
  if (query.error) return { error: query.error_description || query.error, errorCode: query.error, authProvider };
  if (!query.code) return { error: "The provider answered without a code", authProvider };
  try {
    return await completeOauth(ctx, state, query.code);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message, authProvider };
    console.error("[latch-emulator] social sign-in failed", error);
    return { error: "Internal emulator error during social sign-in", authProvider };
  }
}

function refuse(c: Context, message: string) {
  return c.html(errorPage("Sign-in could not finish", message), 400, NO_STORE);
}
