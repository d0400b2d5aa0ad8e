// Identity providers for the production profile's social sign-in, all on loopback: oidc-provider
// (panva's certified OpenID Provider) with a plain login page of ours, and stand-ins for Apple and
// Facebook that behave as their documentation says (Apple: ES256 client secret, form_post, the name
// only on the first sign-in; Facebook: code → access token → Graph /me only with appsecret_proof).
import { createHash, createHmac, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from "jose";
import Provider, { interactionPolicy } from "oidc-provider";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) text += (chunk as Buffer).toString();
  return new URLSearchParams(text);
}

function page(res: ServerResponse, title: string, body: string, status = 200) {
  res
    .writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
    .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><link rel="icon" href="data:,"></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
}

async function signingKey(kid: string, alg: "ES256" | "RS256"): Promise<{ privateJwk: JWK; publicJwk: JWK; privateKey: CryptoKey | KeyObject }> {
  const pair = await generateKeyPair(alg, { extractable: true });
  const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg, use: "sig" };
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg, use: "sig" };
  return { privateJwk, publicJwk, privateKey: pair.privateKey };
}

export interface OidcClientMetadata {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method: "private_key_jwt" | "client_secret_basic" | "client_secret_post";
  redirect_uris: string[];
  jwks?: { keys: JWK[] };
}

/**
 * oidc-provider on loopback: code flow with PKCE required, the claims parameter, form_post, the
 * clients given; `rotateKeys()` replaces the signing key (a new provider instance with only the new
 * key: the old one is gone from the JWKS). `select_account` is accepted (as Google and others do)
 * without a screen of its own. The login page takes any email as the account.
 */
export async function startOidcProvider(options: { clients: OidcClientMetadata[]; clientAuthMethods: string[]; scopes?: string[] }) {
  const server = createServer();
  const issuer = await listen(server);
  const kids: string[] = [];
  const tokenRequests: Array<{ clientId: string; kid: string; claims: Record<string, unknown> }> = [];
  let generation = 0;
  let provider: Provider;
  let handler: (req: IncomingMessage, res: ServerResponse) => void;

  const build = async () => {
    const kid = `key-${++generation}`;
    const { privateJwk } = await signingKey(kid, "ES256");
    const policy = interactionPolicy.base();
    const selectAccount = new interactionPolicy.Prompt({ name: "select_account", requestable: true });
    selectAccount.checks.clear();
    policy.add(selectAccount);
    provider = new Provider(issuer, {
      clients: options.clients.map((client) => ({ ...client, response_types: ["code"], grant_types: ["authorization_code"], id_token_signed_response_alg: "ES256" })),
      clientAuthMethods: options.clientAuthMethods,
      jwks: { keys: [privateJwk] },
      cookies: { keys: ["identity-provider-test-cookie-key"] },
      features: { devInteractions: { enabled: false }, claimsParameter: { enabled: true } },
      claims: { openid: ["sub"], email: ["email", "email_verified"] },
      ...(options.scopes ? { scopes: options.scopes } : {}),
      pkce: { required: () => true },
      interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      // Its own error page (the default one loads a web font from the internet).
      renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
        ctx.type = "html";
        ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title><link rel="icon" href="data:,"></head><body><h1>${escape(out.error ?? "error")}</h1><p>${escape(out.error_description ?? "")}</p></body></html>`;
      },
      findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true }) }),
    });
    provider.on("grant.success", (ctx) => {
      const { oidc, body } = ctx as { oidc: { client: { clientId: string } }; body: { id_token?: string } };
      if (body.id_token) tokenRequests.push({ clientId: oidc.client.clientId, kid: String(decodeProtectedHeader(body.id_token).kid), claims: decodeJwt(body.id_token) });
    });
    handler = provider.callback();
    kids.push(kid);
  };
  await build();

  const interaction = async (req: IncomingMessage, res: ServerResponse, abort: boolean) => {
    if (abort) {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "End-User aborted interaction" }, { mergeWithLastSubmission: false });
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "consent") {
      // First-party login: consent to what was asked is implied.
      const grant = details.grantId ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id })) : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
      if (details.prompt.details.missingOIDCScope) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(" "));
      if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    if (req.method === "POST") {
      const email = (await readForm(req)).get("email") ?? "";
      await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      return;
    }
    page(
      res,
      "Sign in to the test provider",
      `<form method="post"><label>Email <input name="email" type="email" required></label> <button type="submit">Sign in</button></form>
       <p><a href="/interaction/${escape(details.uid)}/abort">Cancel</a></p>`,
    );
  };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/favicon.ico") return void res.writeHead(204).end();
    const match = /^\/interaction\/([\w-]+)(\/abort)?$/.exec(new URL(req.url ?? "/", issuer).pathname);
    if (!match) return handler(req, res);
    interaction(req, res, Boolean(match[2])).catch((error: unknown) => page(res, "Interaction failed", `<p>${escape(String(error))}</p>`, 500));
  });

  return {
    issuer,
    /** The kid of each signing key so far; the last signs. */
    kids,
    /** Id tokens issued at the token endpoint: which client, signed with which key. */
    tokenRequests,
    rotateKeys: build,
    close: () => close(server),
  };
}

/** The developer's Sign in with Apple key: a P-256 key, its .p8 (PKCS#8 PEM), its key id. */
export function appleDeveloperKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { keyId: "APPLEKEY01", pem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicKey };
}

/**
 * A stand-in for Sign in with Apple's REST API: discovery, /auth/authorize (refuses name/email scopes
 * without response_mode=form_post, answers by an auto-posted form with code, state and — on the
 * user's first authorization only — `user`), /auth/token (the client secret must be an ES256 JWT
 * signed with the developer's key: kid, iss = team id, sub = client id, aud = the issuer, exp within
 * 6 months; the code single use), /auth/keys (RS256). Id tokens carry email_verified as the string
 * "true", as Apple's do.
 */
export async function startAppleStandIn(options: { clientId: string; teamId: string; keyId: string; publicKey: CryptoKey | KeyObject; redirectUri: string }) {
  const server = createServer();
  const issuer = await listen(server);
  const signing = await signingKey("apple-rs-1", "RS256");
  const codes = new Map<string, { sub: string; email: string; nonce: string; clientId: string }>();
  const authorized = new Set<string>();
  const secretsSeen: string[] = [];
  const refusals: string[] = [];
  /** While true, the token endpoint answers 503 (an outage). */
  const outage = { down: false };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? "/", issuer);
      if (url.pathname === "/.well-known/openid-configuration") {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/auth/authorize`,
          token_endpoint: `${issuer}/auth/token`,
          jwks_uri: `${issuer}/auth/keys`,
          response_types_supported: ["code"],
          response_modes_supported: ["query", "fragment", "form_post"],
          subject_types_supported: ["pairwise"],
          id_token_signing_alg_values_supported: ["RS256"],
          scopes_supported: ["openid", "email", "name"],
          token_endpoint_auth_methods_supported: ["client_secret_post"],
          claims_supported: ["aud", "email", "email_verified", "exp", "iat", "is_private_email", "iss", "nonce", "nonce_supported", "real_user_status", "sub", "transfer_sub"],
        });
      }
      if (url.pathname === "/auth/keys") return json(res, 200, { keys: [signing.publicJwk] });
      if (url.pathname === "/auth/authorize" && req.method === "GET") {
        const p = url.searchParams;
        const scopes = (p.get("scope") ?? "").split(" ");
        if (p.get("client_id") !== options.clientId || p.get("redirect_uri") !== options.redirectUri) return page(res, "invalid_client", "<p>Unknown client or redirect URI</p>", 400);
        if ((scopes.includes("name") || scopes.includes("email")) && p.get("response_mode") !== "form_post") {
          return page(res, "invalid_request", "<p>response_mode must be form_post when name or email scope is requested.</p>", 400);
        }
        const hidden = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join("");
        const state = p.get("state") ?? "";
        return page(
          res,
          "Sign in with Apple ID",
          `<form method="post" action="/auth/authorize/approve">${hidden({ state, nonce: p.get("nonce") ?? "" })}
             <label>Apple ID <input name="email" type="email" required></label> <button type="submit">Continue</button></form>
           <form method="post" action="${escape(options.redirectUri)}">${hidden({ state, error: "user_cancelled_authorize" })}<button type="submit">Cancel</button></form>`,
        );
      }
      if (url.pathname === "/auth/authorize/approve" && req.method === "POST") {
        const form = await readForm(req);
        const email = form.get("email") ?? "";
        const sub = `001234.${createHash("sha256").update(email).digest("hex").slice(0, 32)}.0042`;
        const code = `c${randomBytes(16).toString("hex")}`;
        codes.set(code, { sub, email, nonce: form.get("nonce") ?? "", clientId: options.clientId });
        const fields: Record<string, string> = { state: form.get("state") ?? "", code };
        // The name comes only the first time the user authorizes this app.
        if (!authorized.has(sub)) fields.user = JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email });
        authorized.add(sub);
        const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join("");
        return res
          .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
          .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apple</title><link rel="icon" href="data:,"></head><body onload="document.forms[0].submit()"><form method="post" action="${escape(options.redirectUri)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form></body></html>`);
      }
      if (url.pathname === "/auth/token" && req.method === "POST") {
        if (outage.down) return json(res, 503, { error: "temporarily_unavailable" });
        const form = await readForm(req);
        const secret = form.get("client_secret") ?? "";
        secretsSeen.push(secret);
        const refuse = (why: string) => {
          refusals.push(why);
          json(res, 400, { error: "invalid_client" });
        };
        if (form.get("client_id") !== options.clientId) return refuse("client_id");
        try {
          const header = decodeProtectedHeader(secret);
          if (header.alg !== "ES256" || header.kid !== options.keyId) return refuse(`header ${JSON.stringify(header)}`);
          const { payload } = await jwtVerify(secret, options.publicKey, { algorithms: ["ES256"], issuer: options.teamId, subject: options.clientId, audience: issuer, requiredClaims: ["iat", "exp"] });
          if (payload.exp! - payload.iat! > 15_777_000) return refuse("lifetime over 6 months");
        } catch (error) {
          return refuse(`secret: ${(error as Error).message}`);
        }
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!grant || form.get("grant_type") !== "authorization_code" || form.get("redirect_uri") !== options.redirectUri) return json(res, 400, { error: "invalid_grant" });
        const now = Math.floor(Date.now() / 1000);
        const idToken = await new SignJWT({ email: grant.email, email_verified: "true", is_private_email: "false", nonce: grant.nonce, nonce_supported: true, auth_time: now })
          .setProtectedHeader({ alg: "RS256", kid: "apple-rs-1" })
          .setIssuer(issuer)
          .setAudience(grant.clientId)
          .setSubject(grant.sub)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(signing.privateKey);
        return json(res, 200, { access_token: randomUUID(), token_type: "Bearer", expires_in: 3600, refresh_token: randomUUID(), id_token: idToken });
      }
      res.writeHead(404).end();
    })().catch((error: unknown) => json(res, 500, { error: "server_error", error_description: String(error) }));
  });

  return { issuer, secretsSeen, refusals, outage, close: () => close(server) };
}

/**
 * A stand-in for Facebook Login's manual flow and the Graph API: /<version>/dialog/oauth (a page
 * whose Continue redirects back with code and state), /<version>/oauth/access_token (the app secret
 * and the code, single use), /<version>/me (answers only with an access token it issued and a valid
 * appsecret_proof = HMAC-SHA256(access token, app secret), hex).
 */
export async function startFacebookStandIn(options: { appId: string; appSecret: string; version: string; redirectUri: string }) {
  const server = createServer();
  const url = await listen(server);
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>();
  const meRequests: Array<{ proofValid: boolean }> = [];

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const at = new URL(req.url ?? "/", url);
    const p = at.searchParams;
    const graphError = (status: number, message: string, code: number, type = "OAuthException") => json(res, status, { error: { message, type, code, fbtrace_id: "A1b2C3" } });
    if (at.pathname === `/${options.version}/dialog/oauth`) {
      if (p.get("client_id") !== options.appId || p.get("redirect_uri") !== options.redirectUri) return page(res, "Error", "<p>Invalid app ID or URL blocked</p>", 400);
      const back = (fields: Record<string, string>) => {
        const target = new URL(options.redirectUri);
        for (const [k, v] of Object.entries(fields)) target.searchParams.set(k, v);
        return escape(target.toString());
      };
      const code = `AQ${randomBytes(16).toString("hex")}`;
      codes.set(code, "10220000000000042");
      const state = p.get("state") ?? "";
      return page(
        res,
        "Log in With Facebook",
        `<p><a href="${back({ code, state })}">Continue as Ada</a></p><p><a href="${back({ error: "access_denied", error_reason: "user_denied", error_description: "Permissions error", state })}">Cancel</a></p>`,
      );
    }
    if (at.pathname === `/${options.version}/oauth/access_token`) {
      if (p.get("client_id") !== options.appId || p.get("client_secret") !== options.appSecret) return graphError(400, "Error validating client secret.", 1);
      const user = codes.get(p.get("code") ?? "");
      codes.delete(p.get("code") ?? "");
      if (!user || p.get("redirect_uri") !== options.redirectUri) return graphError(400, "Invalid verification code format.", 100);
      const token = `EAA${randomBytes(24).toString("hex")}`;
      tokens.set(token, user);
      return json(res, 200, { access_token: token, token_type: "bearer", expires_in: 5183944 });
    }
    if (at.pathname === `/${options.version}/me`) {
      const token = p.get("access_token") ?? "";
      const expected = createHmac("sha256", options.appSecret).update(token).digest("hex");
      const proofValid = p.get("appsecret_proof") === expected;
      meRequests.push({ proofValid });
      const user = tokens.get(token);
      if (!user) return graphError(400, "Invalid OAuth access token - Cannot parse access token", 190);
      if (!proofValid) return graphError(400, "Invalid appsecret_proof provided in the API argument", 100, "GraphMethodException");
      return json(res, 200, { id: user, name: "Ada Lovelace", email: "ada.facebook@example.com" });
    }
    res.writeHead(404).end();
  });

  return { url, meRequests, tokens, close: () => close(server) };
}
