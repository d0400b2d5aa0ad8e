import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKit } from "latch-kit";
import { buildLoginUrl, oauthNonce, oauth, providerDisplayName, type OauthPayload } from "latch-kit/plugins/oauth";

const KEY = `04${"ab".repeat(64)}`;
const config = {
  codeChallenge: "c".repeat(43),
  requestKey: "11111111-2222-4333-8444-555555555555",
  authProviders: [
    { id: "google", isCustomProvider: false, clientId: "g-client", authEndpoint: "https://idp.test/google/authorize?x=1" },
    { id: "twitch", clientId: "t-client", authEndpoint: "https://idp.test/twitch/authorize" },
    { id: "auth0", clientId: "a-client", authEndpoint: "https://idp.test/auth0/authorize" },
    { id: "corp", isCustomProvider: true, clientId: "c-client", authEndpoint: "https://corp.test/authorize" },
  ],
};
const page = { origin: "https://app.test", href: "https://app.test/shop?item=2" };

function build(payload: Partial<OauthPayload> & { authProviderId: string }) {
  return new URL(
    buildLoginUrl({
      config,
      framePublicKey: KEY,
      nonce: "n".repeat(64),
      payload: { mode: "popup", ...payload },
      callbackUrl: "https://signer.test/callback",
      expirationSeconds: 900,
      page,
    }),
  );
}

const stateOf = (url: URL) => JSON.parse(Buffer.from(url.searchParams.get("state")!, "base64url").toString("utf8"));

describe("the login URL (docs/signer-api.md 'Social sign-in')", () => {
  it("carries redirect_uri, code, scope, state, S256 challenge, prompt, client_id and nonce, keeping the endpoint's own query", () => {
    const url = build({ authProviderId: "google" });
    expect(`${url.origin}${url.pathname}`).toBe("https://idp.test/google/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: "1",
      redirect_uri: "https://signer.test/callback",
      response_type: "code",
      scope: "openid email",
      state: expect.any(String),
      code_challenge: "c".repeat(43),
      code_challenge_method: "S256",
      prompt: "select_account",
      client_id: "g-client",
      nonce: "n".repeat(64),
    });
    expect(stateOf(url)).toEqual({
      authProviderId: "google",
      isCustomProvider: false,
      requestKey: config.requestKey,
      turnkeyPublicKey: KEY,
      expirationSeconds: 900,
      openerOrigin: "https://app.test",
      fetchIdTokenOnly: false,
    });
  });

  it("redirect mode names the page to come back to; popup mode the opener's origin", () => {
    expect(stateOf(build({ authProviderId: "google", mode: "redirect" }))).toMatchObject({ redirectUrl: page.href });
    expect(stateOf(build({ authProviderId: "google", mode: "redirect", redirectUrl: "/back" })).redirectUrl).toBe("https://app.test/back");
    expect(stateOf(build({ authProviderId: "google", mode: "redirect" })).openerOrigin).toBeUndefined();
  });

  it("uses the known providers' default scope and claims; a given scope, claims, connection and other parameters go as they are", () => {
    const twitch = build({ authProviderId: "twitch" });
    expect(twitch.searchParams.get("scope")).toBe("openid user:read:email");
    expect(JSON.parse(twitch.searchParams.get("claims")!)).toEqual({ id_token: { email: null, email_verified: null } });
    const auth0 = build({ authProviderId: "auth0", auth0Connection: "github", scope: "openid profile", claims: '{"id_token":{}}', otherParameters: { login_hint: "a@b.co" } });
    expect(auth0.searchParams.get("connection")).toBe("github");
    expect(auth0.searchParams.get("scope")).toBe("openid profile");
    expect(auth0.searchParams.get("claims")).toBe('{"id_token":{}}');
    expect(auth0.searchParams.get("login_hint")).toBe("a@b.co");
    // Claims without a scope: the default scope, the given claims (not the provider's defaults).
    const claimsOnly = build({ authProviderId: "auth0", claims: '{"id_token":{"email":null}}' });
    expect(claimsOnly.searchParams.get("scope")).toBe("openid email");
    expect(claimsOnly.searchParams.get("claims")).toBe('{"id_token":{"email":null}}');
    expect(build({ authProviderId: "twitch", claims: '{"id_token":{}}' }).searchParams.get("claims")).toBe('{"id_token":{}}');
    expect(build({ authProviderId: "google", fetchIdTokenOnly: true, expirationSeconds: 60 }).searchParams.get("state")).toBeTruthy();
    expect(stateOf(build({ authProviderId: "google", fetchIdTokenOnly: true, expirationSeconds: 60 }))).toMatchObject({ fetchIdTokenOnly: true, expirationSeconds: 60 });
  });

  it("refuses an unknown provider, a custom flag that does not match, and a missing scope without a default (spec §5)", () => {
    expect(() => build({ authProviderId: "myspace" })).toThrow("No auth provider found with id myspace");
    expect(() => build({ authProviderId: "google", isCustomProvider: true })).toThrow("No auth provider found with id google");
    expect(() => build({ authProviderId: "corp" })).toThrow("No auth provider found with id corp");
    expect(() => build({ authProviderId: "corp", isCustomProvider: true })).toThrow("Default scope not known for provider corp");
    expect(build({ authProviderId: "corp", isCustomProvider: true, scope: "openid" }).searchParams.get("client_id")).toBe("c-client");
  });

  it("a backend answer without providers is 'OAuth providers not found'", () => {
    const empty = { ...config, authProviders: [] };
    expect(() =>
      buildLoginUrl({ config: empty, framePublicKey: KEY, nonce: "n", payload: { mode: "popup", authProviderId: "google" }, callbackUrl: "c", expirationSeconds: 1, page }),
    ).toThrow("OAuth providers not found");
  });

  it("nonce = hex(sha256(utf8(frame public key))), computed with WebCrypto", async () => {
    expect(await oauthNonce(KEY)).toBe(createHash("sha256").update(KEY, "utf8").digest("hex"));
  });
});

describe("social section config", () => {
  it("names the provider by displayName, else its id", () => {
    expect(providerDisplayName({ authProviderId: "auth0", displayName: "GitHub" })).toBe("GitHub");
    expect(providerDisplayName({ authProviderId: "google" })).toBe("Google");
  });

  it("refuses an unhandled social id at createKit; a custom provider is allowed", () => {
    const kitWith = (entry: Record<string, unknown>) => createKit({ plugins: [oauth()], ui: { auth: { sections: [[{ type: "social", ...entry }]] } } });
    expect(() => kitWith({ authProviderId: "myspace" })).toThrow("Unhandled social id: myspace");
    expect(() => kitWith({ authProviderId: "corp", isCustomProvider: true, scope: "openid" })).not.toThrow();
    expect(() => kitWith({ authProviderId: "google", mode: "popup" })).not.toThrow();
  });
});
