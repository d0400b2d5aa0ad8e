import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { startTestServer, type TestServer } from "./support/emulator";
import { pickIdentity, startSocialLogin } from "./support/oauth";

// The development identity provider on its own: discovery, login page, code + PKCE, tokens, JWKS.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const verifier = "v".repeat(43) + "erifier-of-a-test";
const challenge = createHash("sha256").update(verifier).digest("base64url");

function authorizeParams(provider: string, overrides: Record<string, string | undefined> = {}) {
  const params: Record<string, string | undefined> = {
    client_id: `latch-dev-${provider}`,
    redirect_uri: `${t.emulator.url}/callback`,
    response_type: "code",
    scope: "openid email",
    state: "opaque-state",
    code_challenge: challenge,
    code_challenge_method: "S256",
    nonce: "n-123",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

function authorizeUrl(provider: string, overrides: Record<string, string | undefined> = {}) {
  return new URL(`${t.emulator.url}/idp/${provider}/authorize?${new URLSearchParams(authorizeParams(provider, overrides))}`);
}

async function codeFor(provider: string, email: string, overrides: Record<string, string | undefined> = {}) {
  const url = authorizeUrl(provider, overrides);
  const location = new URL(await pickIdentity(url, authorizeParams(provider, overrides), email, "Test Person"));
  return { code: location.searchParams.get("code")!, location };
}

async function token(provider: string, form: Record<string, string>) {
  const response = await fetch(`${t.emulator.url}/idp/${provider}/token`, { method: "POST", body: new URLSearchParams(form) });
  return { status: response.status, body: (await response.json()) as any };
}

describe("discovery and keys", () => {
  it("publishes one OIDC issuer per provider on the emulator's own origin, with S256 PKCE and ES256", async () => {
    for (const provider of ["google", "facebook", "apple", "twitch", "auth0"]) {
      const doc = (await (await fetch(`${t.emulator.url}/idp/${provider}/.well-known/openid-configuration`)).json()) as any;
      expect(doc).toMatchObject({
        issuer: `${t.emulator.url}/idp/${provider}`,
        authorization_endpoint: `${t.emulator.url}/idp/${provider}/authorize`,
        token_endpoint: `${t.emulator.url}/idp/${provider}/token`,
        jwks_uri: `${t.emulator.url}/idp/${provider}/jwks`,
        code_challenge_methods_supported: ["S256"],
        id_token_signing_alg_values_supported: ["ES256"],
        response_types_supported: ["code"],
      });
    }
    const jwks = (await (await fetch(`${t.emulator.url}/idp/google/jwks`)).json()) as any;
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", kid: expect.any(String) })]);
    expect(jwks.keys[0].d).toBeUndefined();
    expect((await fetch(`${t.emulator.url}/idp/myspace/jwks`)).status).toBe(404);
  });
});

describe("authorization endpoint", () => {
  it("shows a login page listing test identities, a form for any email, and Cancel, with every value escaped", async () => {
    const response = await fetch(authorizeUrl("auth0", { scope: 'openid email <script>alert("x")</script>', connection: "github" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain("<h1>Sign in with Auth0</h1>");
    expect(html).toContain("Ada Lovelace");
    expect(html).toContain('<label for="login_email">Email</label>');
    expect(html).toContain(">Cancel</button>");
    expect(html).toContain("Connection: <strong>github</strong>");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("refuses an unknown client or an unregistered redirect URI with a page, never a redirect", async () => {
    const badClient = await fetch(authorizeUrl("google", { client_id: "someone-else" }), { redirect: "manual" });
    expect(badClient.status).toBe(400);
    expect(await badClient.text()).toContain("Unknown client_id");
    const badRedirect = await fetch(authorizeUrl("google", { redirect_uri: "https://evil.example/cb" }), { redirect: "manual" });
    expect(badRedirect.status).toBe(400);
    expect(await badRedirect.text()).toContain("is not registered");
  });

  it("sends other refusals back to the redirect URI with error, description and state", async () => {
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ code_challenge: undefined }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "email" }, "invalid_scope"],
      [{ claims: "not json" }, "invalid_request"],
    ];
    for (const [overrides, error] of cases) {
      const response = await fetch(authorizeUrl("google", overrides), { redirect: "manual" });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(`${t.emulator.url}/callback`);
      expect(location.searchParams.get("error")).toBe(error);
      expect(location.searchParams.get("error_description")).toBeTruthy();
      expect(location.searchParams.get("state")).toBe("opaque-state");
    }
  });

  it("Cancel answers access_denied; a malformed email is refused", async () => {
    const params = authorizeParams("google");
    const cancel = await fetch(`${t.emulator.url}/idp/google/authorize`, {
      method: "POST",
      body: new URLSearchParams({ ...params, login_action: "cancel" }),
      redirect: "manual",
    });
    const location = new URL(cancel.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBe("The user cancelled the sign-in");
    const bad = await fetch(`${t.emulator.url}/idp/google/authorize`, {
      method: "POST",
      body: new URLSearchParams({ ...params, login_email: "not an email" }),
      redirect: "manual",
    });
    expect(bad.status).toBe(400);
  });
});

describe("token endpoint", () => {
  it("exchanges a code once, with the PKCE verifier, for an ES256 id token that verifies against the published JWKS", async () => {
    const { code, location } = await codeFor("google", "Ada@Example.com");
    expect(location.searchParams.get("state")).toBe("opaque-state");
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: `${t.emulator.url}/callback`,
      client_id: "latch-dev-google",
      code_verifier: verifier,
    };
    const answer = await token("google", form);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 600, scope: "openid email", access_token: expect.any(String) });
    const issuer = `${t.emulator.url}/idp/google`;
    const { payload, protectedHeader } = await jwtVerify(answer.body.id_token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer,
      audience: "latch-dev-google",
    });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload).toMatchObject({ nonce: "n-123", email: "ada@example.com", email_verified: true, sub: expect.stringMatching(/^\d{21}$/) });
    expect(payload.name).toBeUndefined(); // no profile scope

    const userinfo = await fetch(`${issuer}/userinfo`, { headers: { Authorization: `Bearer ${answer.body.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ sub: payload.sub, email: "ada@example.com" });
    expect((await fetch(`${issuer}/userinfo`, { headers: { Authorization: "Bearer nope" } })).status).toBe(401);

    const again = await token("google", form);
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a wrong verifier, a wrong redirect URI and another provider's code", async () => {
    const base = { grant_type: "authorization_code", redirect_uri: `${t.emulator.url}/callback`, client_id: "latch-dev-google", code_verifier: verifier };
    const wrongVerifier = await token("google", { ...base, code: (await codeFor("google", "a@example.com")).code, code_verifier: "w".repeat(43) });
    expect(wrongVerifier.body).toEqual({ error: "invalid_grant", error_description: expect.stringContaining("PKCE") });
    const wrongRedirect = await token("google", { ...base, code: (await codeFor("google", "a@example.com")).code, redirect_uri: "http://localhost/x" });
    expect(wrongRedirect.body.error).toBe("invalid_grant");
    const otherProvider = await token("facebook", { ...base, client_id: "latch-dev-facebook", code: (await codeFor("google", "a@example.com")).code });
    expect(otherProvider.body.error).toBe("invalid_grant");
  });

  it("gives the same subject for the same email at one provider, another at another provider; auth0 subjects name the connection", async () => {
    const subjectOf = async (provider: string, email: string, extra: Record<string, string> = {}) => {
      const { code } = await codeFor(provider, email, extra);
      const answer = await token(provider, {
        grant_type: "authorization_code",
        code,
        redirect_uri: `${t.emulator.url}/callback`,
        client_id: `latch-dev-${provider}`,
        code_verifier: verifier,
      });
      return decodeJwt(answer.body.id_token);
    };
    const a = await subjectOf("google", "same@example.com");
    expect((await subjectOf("google", "same@example.com")).sub).toBe(a.sub);
    expect((await subjectOf("facebook", "same@example.com")).sub).not.toBe(a.sub);
    expect((await subjectOf("auth0", "same@example.com", { connection: "github" })).sub).toMatch(/^github\|\d{21}$/);
    // twitch sends the email only when the claims parameter asks for it
    expect((await subjectOf("twitch", "t@example.com", { scope: "openid user:read:email" })).email).toBeUndefined();
    const withClaims = await subjectOf("twitch", "t@example.com", { scope: "openid user:read:email", claims: JSON.stringify({ id_token: { email: null } }) });
    expect(withClaims.email).toBe("t@example.com");
  });
});

describe("the flow the kit starts", () => {
  it("the login URL built from prepare-oauth opens the provider's login page", async () => {
    const { url } = await startSocialLogin(t.client, { provider: "apple" });
    expect(url.origin).toBe(t.emulator.url);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Sign in with Apple");
  });
});
