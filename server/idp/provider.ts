import { createHash, createHmac, randomBytes } from "node:crypto";
import { createLocalJWKSet, SignJWT, type JWTVerifyGetKey } from "jose";
import type { ServerContext } from "../context";
import { findIdpGrant, insertIdpGrant, takeIdpGrant } from "../store/idpGrants";
import { idpSigningKey, type IdpSigningKey } from "./keys";
import type { DevProvider } from "./providers";

// A development OpenID Connect provider: authorization code flow with PKCE (S256 only), ES256 id
// tokens, a JWKS. Codes and access tokens live in the database (by hash), so any instance answers.

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_SECONDS = 600;

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  codeChallenge: string;
  nonce: string | undefined;
  /** The `claims` request parameter (JSON), as sent. */
  claims: string | undefined;
  /** auth0: the upstream connection (e.g. github). */
  connection: string | undefined;
  prompt: string | undefined;
}

export interface Identity {
  email: string;
  name?: string;
}

/** Refusals the user agent cannot be sent back with (bad client or redirect URI): shown as a page. */
export class FatalAuthorizationError extends Error {}

/** Refusals sent back to the redirect URI as `error` and `error_description` (RFC 6749 §4.1.2.1). */
export class AuthorizationError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(description);
  }

  location(): string {
    const url = new URL(this.redirectUri);
    url.searchParams.set("error", this.error);
    url.searchParams.set("error_description", this.description);
    if (this.state !== undefined) url.searchParams.set("state", this.state);
    return url.toString();
  }
}

/** Token endpoint refusals: `{error, error_description}` with status 400 (RFC 6749 §5.2). */
export class TokenError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

interface PendingCode extends AuthorizationRequest {
  providerId: string;
  subject: string;
  identity: Identity;
  authTime: number;
  expiresAt: number;
}

interface IssuedAccessToken {
  providerId: string;
  subject: string;
  identity: Identity;
  expiresAt: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  id_token: string;
  scope: string;
}

export interface DevIdp {
  signingKey(): Promise<IdpSigningKey>;
  /** Verification keys of the provider's own tokens (no HTTP round trip). */
  keySet(): Promise<JWTVerifyGetKey>;
  jwks(): Promise<{ keys: object[] }>;
  parseAuthorizationRequest(provider: DevProvider, params: Record<string, string | undefined>): AuthorizationRequest;
  /** The user picked an identity: a single-use code for the redirect URI. */
  authorize(provider: DevProvider, request: AuthorizationRequest, identity: Identity): Promise<string>;
  exchangeCode(
    provider: DevProvider,
    params: { code?: string; redirectUri?: string; clientId?: string; codeVerifier?: string; grantType?: string },
  ): Promise<TokenResponse>;
  userinfo(provider: DevProvider, accessToken: string): Promise<Record<string, unknown> | undefined>;
  subjectOf(provider: DevProvider, connection: string | undefined, email: string): string;
}

const instances = new WeakMap<ServerContext, DevIdp>();

/** The dev identity provider of one emulator instance. */
export function devIdp(ctx: ServerContext): DevIdp {
  let idp = instances.get(ctx);
  if (!idp) {
    idp = createDevIdp(ctx);
    instances.set(ctx, idp);
  }
  return idp;
}

function createDevIdp(ctx: ServerContext): DevIdp {
  let key: Promise<IdpSigningKey> | undefined;
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const signingKey = () => (key ??= idpSigningKey(ctx.secrets));

  const subjectOf = (provider: DevProvider, connection: string | undefined, email: string): string => {
    const digest = createHmac("sha256", ctx.secrets.key("idp-subject")).update(`${provider.id}\n${connection ?? ""}\n${email}`).digest();
    const digits = (BigInt(`0x${digest.subarray(0, 12).toString("hex")}`) % 10n ** 21n).toString().padStart(21, "1");
    if (provider.id === "auth0") return `${connection ?? "auth0"}|${digits}`;
    return digits;
  };

  return {
    signingKey,
    keySet: () => (keySet ??= signingKey().then((k) => createLocalJWKSet({ keys: [k.publicJwk] }))),
    jwks: async () => ({ keys: [(await signingKey()).publicJwk] }),

    parseAuthorizationRequest(provider, params) {
      const clientId = params.client_id;
      if (clientId !== provider.clientId) {
        throw new FatalAuthorizationError(`Unknown client_id ${JSON.stringify(clientId ?? "")}: this provider's client is ${provider.clientId}.`);
      }
      const redirectUri = params.redirect_uri ?? "";
      if (!isAllowedRedirectUri(ctx, redirectUri)) {
        throw new FatalAuthorizationError(
          `redirect_uri ${JSON.stringify(redirectUri)} is not registered: use ${ctx.publicUrl}/callback or a loopback http(s) URL.`,
        );
      }
      const state = params.state;
      const refuse = (error: string, description: string) => new AuthorizationError(error, description, redirectUri, state);
      if (params.response_type !== "code") throw refuse("unsupported_response_type", "Only response_type=code is supported");
      const scope = (params.scope ?? "").trim();
      if (!scope.split(/\s+/).includes("openid")) throw refuse("invalid_scope", "The scope must include openid");
      if (params.code_challenge_method !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge ?? "")) {
        throw refuse("invalid_request", "PKCE is required: code_challenge (43 base64url characters) with code_challenge_method=S256");
      }
      if (params.claims !== undefined && !isJsonObject(params.claims)) throw refuse("invalid_request", "claims must be a JSON object");
      return {
        clientId,
        redirectUri,
        scope,
        state,
        codeChallenge: params.code_challenge!,
        nonce: params.nonce || undefined,
        claims: params.claims,
        connection: params.connection || undefined,
        prompt: params.prompt || undefined,
      };
    },

    async authorize(provider, request, identity) {
      const code = randomBytes(32).toString("base64url");
      const expiresAt = ctx.now() + CODE_TTL_MS;
      const pending: PendingCode = {
        ...request,
        providerId: provider.id,
        subject: subjectOf(provider, request.connection, identity.email),
        identity,
        authTime: Math.floor(ctx.now() / 1000),
        expiresAt,
      };
      await insertIdpGrant(ctx.db, "code", code, pending, expiresAt);
      return code;
    },

    async exchangeCode(provider, params) {
      if (params.grantType !== undefined && params.grantType !== "authorization_code") {
        throw new TokenError("unsupported_grant_type", "Only grant_type=authorization_code is supported");
      }
      // Single use, whatever happens next.
      const pending = params.code ? await takeIdpGrant<PendingCode>(ctx.db, "code", params.code, ctx.now()) : undefined;
      if (!pending || pending.providerId !== provider.id) {
        throw new TokenError("invalid_grant", "The authorization code is unknown, expired or already used");
      }
      if (params.clientId !== undefined && params.clientId !== pending.clientId) throw new TokenError("invalid_client", "client_id does not match the code");
      if (params.redirectUri !== pending.redirectUri) throw new TokenError("invalid_grant", "redirect_uri does not match the authorization request");
      const verifier = params.codeVerifier ?? "";
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new TokenError("invalid_request", "code_verifier must be 43 to 128 unreserved characters");
      if (createHash("sha256").update(verifier).digest("base64url") !== pending.codeChallenge) {
        throw new TokenError("invalid_grant", "PKCE verification failed: code_verifier does not match code_challenge");
      }
      const now = Math.floor(ctx.now() / 1000);
      const requested = requestedIdTokenClaims(pending.claims);
      const scopes = pending.scope.split(/\s+/);
      const withEmail = scopes.includes("email") || requested.has("email");
      const withName = scopes.includes("profile") || requested.has("name");
      const signing = await signingKey();
      const idToken = await new SignJWT({
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
        ...(withEmail ? { email: pending.identity.email, email_verified: true } : {}),
        ...(withName && pending.identity.name ? { name: pending.identity.name } : {}),
        auth_time: pending.authTime,
        azp: pending.clientId,
      })
        .setProtectedHeader({ alg: "ES256", kid: signing.kid, typ: "JWT" })
        .setIssuer(provider.issuer)
        .setSubject(pending.subject)
        .setAudience(pending.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_TTL_SECONDS)
        .sign(signing.privateKey);
      const accessToken = randomBytes(32).toString("base64url");
      const expiresAt = ctx.now() + TOKEN_TTL_SECONDS * 1000;
      const issued: IssuedAccessToken = { providerId: provider.id, subject: pending.subject, identity: pending.identity, expiresAt };
      await insertIdpGrant(ctx.db, "access-token", accessToken, issued, expiresAt);
      return { access_token: accessToken, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS, id_token: idToken, scope: pending.scope };
    },

    async userinfo(provider, accessToken) {
      const issued = await findIdpGrant<IssuedAccessToken>(ctx.db, "access-token", accessToken, ctx.now());
      if (!issued || issued.providerId !== provider.id) return undefined;
      return {
        sub: issued.subject,
        email: issued.identity.email,
        email_verified: true,
        ...(issued.identity.name ? { name: issued.identity.name } : {}),
      };
    },

    subjectOf,
  };
}

/** The one registered redirect URI, the emulator's own /callback, matched exactly (RFC 9700 §4.1.3). */
export function isAllowedRedirectUri(ctx: ServerContext, value: string): boolean {
  return value === `${ctx.publicUrl}/callback` || ctx.idpRedirectUris.includes(value);
}


function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** Names under `claims.id_token` (OIDC Core §5.5): twitch, for one, sends email only when asked this way. */
function requestedIdTokenClaims(claims: string | undefined): Set<string> {
  if (!claims) return new Set();
  try {
    const parsed = JSON.parse(claims) as { id_token?: Record<string, unknown> };
    return new Set(Object.keys(parsed.id_token ?? {}));
  } catch {
    return new Set();
  }
}
