// Social sign-in's code flow, server side: `prepare-oauth` (a PKCE pair bound to the frame key's
// nonce) and the half /callback runs (code exchange, id token checks, then the shared identity
// sign-in). Server-only.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type } from "arktype";
import * as s from "../../../wire/schemas";
import {
  badRequest,
  claimOauthRequest,
  insertOauthRequest,
  nonceOf,
  originOf,
  signInWithIdentity,
  socialProvidersOf,
  validate,
  verifyJwt,
  type ServerContext,
  type FactorSummary,
  type SocialProvider,
  type VerifiedClaims,
} from "../../../server/method-kit";

/** How long a `prepare-oauth` answer can start a sign-in. */
export const OAUTH_REQUEST_TTL_MS = 30 * 60_000;

/** The `state` the kit sends through the provider (base64url JSON, docs/signer-api.md "Social sign-in"). */
export const oauthStateSchema = type({
  authProviderId: "string > 0",
  "isCustomProvider?": "boolean | undefined",
  requestKey: s.uuid,
  turnkeyPublicKey: s.targetPublicKey,
  "expirationSeconds?": s.expirationSeconds.or("undefined"),
  "redirectUrl?": "string | undefined",
  "openerOrigin?": "string | undefined",
  "fetchIdTokenOnly?": "boolean | undefined",
});

export type OauthState = typeof oauthStateSchema.infer;

/** What /callback hands back: posted to the opener (popup) or as query parameters (redirect). */
export type OauthResult =
  | { status: "SUCCESS"; bundle: string; orgId: string; idToken: string; accessToken: string; isSignup: boolean; authProvider: string }
  | {
      status: "ACCOUNT_LINKING_CONFIRMATION_REQUIRED";
      orgId: string;
      otpId: string;
      email: string;
      idToken: string;
      accessToken: string;
      authProvider: string;
    }
  | {
      status: "MFA_REQUIRED";
      orgId: string;
      encryptedPayload: string;
      multiFactors: FactorSummary[];
      idToken: string;
      accessToken: string;
      authProvider: string;
    }
  | { status: "FETCHED_ID_TOKEN_ONLY"; idToken: string; accessToken: string; authProvider: string }
  /** `errorCode`: the provider's OAuth error code (RFC 6749 §4.1.2.1), e.g. access_denied when the user cancelled. */
  | { error: string; errorCode?: string; authProvider?: string };

export function parseOauthState(raw: string | undefined): OauthState {
  if (!raw) throw badRequest("INVALID_STATE", "The callback has no state");
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw badRequest("INVALID_STATE", "The state is not base64url JSON");
  }
  return validate(oauthStateSchema, json, "state");
}

/** Where /callback may send results: an app origin (configured, or loopback in the dev profile). */
export function isAllowedAppUrl(ctx: ServerContext, value: string): boolean {
  const origin = originOf(value);
  return origin !== undefined && ctx.origins.isAppOrigin(origin);
}

/** `prepare-oauth`: a PKCE pair (the verifier stays here), bound to the frame key's nonce, and the providers. */
export async function prepareOauth(ctx: ServerContext, nonce: string) {
  const codeVerifier = randomBytes(32).toString("base64url");
  const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");
  const requestKey = randomUUID();
  const now = ctx.now();
  await insertOauthRequest(ctx.db, { requestKey, codeVerifier, nonce: nonce.toLowerCase(), expiresAt: now + OAUTH_REQUEST_TTL_MS }, now);
  // A provider whose discovery fails is left out; the others still work.
  const settled = await Promise.allSettled(
    socialProvidersOf(ctx).map(async (p) => ({ id: p.id, isCustomProvider: p.isCustomProvider, clientId: p.clientId, authEndpoint: await p.authEndpoint() })),
  );
  const authProviders = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  return { codeChallenge, requestKey, authProviders };
}

/**
 * The server half of the code flow, run by /callback: the prepared request (single use, bound to the
 * frame key named in state), the code exchange with PKCE, the id token checks (signature, issuer,
 * audience, expiry, nonce), then sign-in, sign-up, or an account-linking prompt.
 */
export async function completeOauth(ctx: ServerContext, state: OauthState, code: string, fields: Record<string, string> = {}): Promise<OauthResult> {
  const authProvider = state.authProviderId;
  const provider = socialProvidersOf(ctx).find((p) => p.id === authProvider && p.isCustomProvider === Boolean(state.isCustomProvider));
  if (!provider) throw badRequest("UNKNOWN_AUTH_PROVIDER", `No auth provider found with id ${authProvider}`);
  const prepared = await claimOauthRequest(ctx.db, state.requestKey, ctx.now());
  if (!prepared) throw badRequest("OAUTH_REQUEST_UNKNOWN", "This sign-in request is unknown, expired or already used: start the sign-in again");
  const nonce = nonceOf(state.turnkeyPublicKey);
  if (prepared.nonce !== nonce) throw badRequest("NONCE_MISMATCH", "This sign-in request was prepared for another auth frame key (nonce mismatch)");
  const { idToken, accessToken } = await provider.exchangeCode({ code, redirectUri: `${ctx.publicUrl}/callback`, codeVerifier: prepared.codeVerifier, nonce });
  const { issuer } = provider;
  const verified = await verifyJwt(ctx, idToken, { issuer });
  if (verified.claims.nonce !== nonce) throw badRequest("NONCE_MISMATCH", "The id token's nonce is not bound to this auth frame key");
  const claims = withProviderRules(provider, verified.claims, fields);
  if (state.fetchIdTokenOnly) return { status: "FETCHED_ID_TOKEN_ONLY", idToken, accessToken, authProvider };
  const outcome = await signInWithIdentity(ctx, {
    issuer,
    claims,
    providerName: provider.id,
    targetPublicKey: state.turnkeyPublicKey,
    expirationSeconds: state.expirationSeconds,
    linkByEmail: true,
  });
  if (outcome.kind === "session") ctx.observer.signIn("oauth");
  if (outcome.kind === "linking") {
    return { status: "ACCOUNT_LINKING_CONFIRMATION_REQUIRED", orgId: outcome.orgId, otpId: outcome.otpId, email: outcome.email, idToken, accessToken, authProvider };
  }
  if (outcome.kind === "mfa") {
    const { orgId, encryptedPayload, multiFactors } = outcome;
    return { status: "MFA_REQUIRED", orgId, encryptedPayload, multiFactors, idToken, accessToken, authProvider };
  }
  return { status: "SUCCESS", bundle: outcome.credentialBundle, orgId: outcome.orgId, idToken, accessToken, isSignup: outcome.isSignUp, authProvider };
}


/**
 * The provider's rules on a verified id token: an email its rules do not call verified is marked
 * unverified (no account linking by it, not kept as the user's email), and a name sent beside the
 * code (Apple's first sign-in) becomes the display name when the token has none.
 */
function withProviderRules(provider: SocialProvider, claims: VerifiedClaims, fields: Record<string, string>): VerifiedClaims {
  const ruled: VerifiedClaims = { ...claims };
  if (provider.emailVerified && !provider.emailVerified(claims)) ruled.email_verified = false;
  const name = provider.nameFromCallback?.(fields);
  if (name && typeof claims.name !== "string") ruled.name = name;
  return ruled;
}
