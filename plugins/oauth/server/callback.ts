import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { RETURN_PARAMS } from "../../../wire/constants";
import {
  ApiError,
  errorPage,
  get,
  popupResultPage,
  type MethodRoute,
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

/** `/callback`: the social sign-in return page on the signer host, by GET (query) or POST (form_post). */
export function oauthCallbackPages(): MethodRoute[] {
  return [
    get("/callback", (c, ctx) => finish(ctx, c, c.req.query(), 302)),
    // response_mode=form_post (Apple, or any provider asked for it): the same answer as a form POST.
    // 303: the browser follows a redirect-mode answer with a GET.
    {
      method: "POST",
      path: "/callback",
      async handle(c, _body, ctx) {
        const form = await c.req.parseBody().catch(() => undefined);
        if (!form) return refuse(c, "The provider's answer is not a form (application/x-www-form-urlencoded)");
        const fields: Record<string, string> = {};
        for (const [name, value] of Object.entries(form)) if (typeof value === "string") fields[name] = value;
        return finish(ctx, c, fields, 303);
      },
    },
  ];
}

/**
 * Finishes the code flow with the provider's answer (query or form) and hands the result to the
 * app: posted to the opener at `openerOrigin` only (popup), or as query parameters on `redirectUrl`.
 */
async function finish(ctx: ServerContext, c: Context, fields: Record<string, string>, redirectStatus: 302 | 303): Promise<Response> {
  let state: OauthState;
  try {
    state = parseOauthState(fields.state);
  } catch (error) {
    return refuse(c, error instanceof Error ? error.message : "The state is invalid");
  }
  const target = state.openerOrigin ?? state.redirectUrl;
  if (!target) return refuse(c, "The state names neither an openerOrigin (popup) nor a redirectUrl (redirect)");
  if (!isAllowedAppUrl(ctx, target)) {
    return refuse(c, `${target} is not an allowed app address: add its origin to allowedOrigins (CLI --allowed-origin)`);
  }
  const result = await outcome(ctx, state, fields);
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
  return c.redirect(url.toString(), redirectStatus);
}

/** Providers' words for "the user cancelled" besides RFC 6749's access_denied (Apple: user_cancelled_authorize). */
const CANCELLED_ERRORS = new Set(["access_denied", "user_cancelled_authorize"]);

async function outcome(ctx: ServerContext, state: OauthState, query: Record<string, string>): Promise<OauthResult> {
  const authProvider = state.authProviderId;
  if (query.error) {
    const errorCode = CANCELLED_ERRORS.has(query.error) ? "access_denied" : query.error;
    return { error: query.error_description || query.error, errorCode, authProvider };
  }
  if (!query.code) return { error: "The provider answered without a code", authProvider };
  try {
    return await completeOauth(ctx, state, query.code, query);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message, errorCode: error.code, authProvider };
    console.error("[latch-server] social sign-in failed", error);
    return { error: "Internal emulator error during social sign-in", authProvider };
  }
}

function refuse(c: Context, message: string) {
  return c.html(errorPage("Sign-in could not finish", message), 400, NO_STORE);
}
