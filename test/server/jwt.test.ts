import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { parseJwtIssuer } from "../../server/options";
import { newTargetKey, sessionFromBundle, whoamiRequest } from "./support/client";
import { startTestEmulator, uniqueEmail, type TestEmulator } from "./support/emulator";
import { socialLogin } from "./support/oauth";

// auth-jwt: JWTs of the app's own auth, verified against a JWKS the test serves (and the dev IdP's).
const ISSUER = "https://auth.app.test";
const AUDIENCE = "latch-app";
let t: TestEmulator;
let jwksServer: Server;
let key: CryptoKey;
let otherKey: CryptoKey;
let jwk: JWK;

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  key = pair.privateKey;
  ({ privateKey: otherKey } = await generateKeyPair("ES256"));
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "app-key-1", alg: "ES256", use: "sig" };
  jwksServer = createServer((req, res) => {
    if (req.url === "/.well-known/jwks.json") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await startTestEmulator({
    jwtIssuers: [{ id: "app-auth", issuer: ISSUER, jwksUri: `http://127.0.0.1:${port}/.well-known/jwks.json`, audience: AUDIENCE }],
  });
});
afterAll(async () => {
  await t?.emulator.stop();
  if (jwksServer) await new Promise((resolve) => jwksServer.close(resolve));
});

function mint(claims: Record<string, unknown> = {}, options: { signWith?: CryptoKey; audience?: string; expiresIn?: string | number; issuer?: string } = {}) {
  const now = Math.floor(t.clock.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", kid: "app-key-1" })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject(String(claims.sub ?? `user-${crypto.randomUUID()}`))
    .setIssuedAt(now)
    .setExpirationTime(options.expiresIn ?? now + 300)
    .sign(options.signWith ?? key);
}

describe("auth-jwt", () => {
  it("signs a new subject up, then the same subject in, with a credential bundle sealed to the target key", async () => {
    const sub = `user-${crypto.randomUUID()}`;
    const target = newTargetKey();
    const first = await t.client.ok("auth-jwt", { jwt: await mint({ sub }), targetPublicKey: target.publicKey, authProvider: "app-auth", expirationSeconds: 600 });
    expect(first).toEqual({ isSignUp: true, orgId: expect.any(String), credentialBundle: expect.any(String) });
    const session = await sessionFromBundle(first.orgId, first.credentialBundle, target);
    const me = await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) });
    expect(me.orgId).toBe(first.orgId);

    const second = await t.client.ok("auth-jwt", { jwt: await mint({ sub }), targetPublicKey: newTargetKey().publicKey });
    expect(second).toMatchObject({ isSignUp: false, orgId: first.orgId });
  });

  it("records a free verified email, and never links to the owner of a taken one", async () => {
    const email = uniqueEmail("jwt");
    const target = newTargetKey();
    const fresh = await t.client.ok("auth-jwt", { jwt: await mint({ email, email_verified: true }), targetPublicKey: target.publicKey });
    const me = await t.client.ok("whoami", { stampedRequest: whoamiRequest(await sessionFromBundle(fresh.orgId, fresh.credentialBundle, target)) });
    expect(me.email).toBe(email);
    const other = await t.client.ok("auth-jwt", { jwt: await mint({ email }), targetPublicKey: newTargetKey().publicKey });
    expect(other.isSignUp).toBe(true);
    expect(other.orgId).not.toBe(fresh.orgId);
  });

  it("refuses a bad signature, a wrong audience, an expired token, an unknown issuer or provider, and garbage, saying why", async () => {
    const target = newTargetKey().publicKey;
    const refuse = async (jwt: string, extra: object = {}) => (await t.client.post("auth-jwt", { jwt, targetPublicKey: target, ...extra })).body;

    expect(await refuse(await mint({}, { signWith: otherKey }))).toMatchObject({
      code: "INVALID_JWT_SIGNATURE",
      message: `The JWT signature does not verify against the keys of issuer ${ISSUER}`,
    });
    expect(await refuse(await mint({}, { audience: "someone-else" }))).toMatchObject({
      code: "JWT_AUDIENCE_MISMATCH",
      message: `The JWT audience "someone-else" is not accepted for issuer ${ISSUER} (expected ${AUDIENCE})`,
    });
    const expired = await refuse(await mint({}, { expiresIn: Math.floor(t.clock.now() / 1000) - 60 }));
    expect(expired.code).toBe("JWT_EXPIRED");
    expect(expired.message).toMatch(/^The JWT expired at \d{4}-/);
    expect((await refuse(await mint({}, { issuer: "https://unknown.test" }))).code).toBe("UNKNOWN_JWT_ISSUER");
    expect(await refuse(await mint(), { authProvider: "nope" })).toMatchObject({ code: "UNKNOWN_AUTH_PROVIDER", message: "No auth provider found with id nope" });
    expect((await refuse(await mint(), { authProvider: "google" })).code).toBe("JWT_ISSUER_MISMATCH");
    expect((await refuse("not.a.jwt")).code).toBe("INVALID_JWT");
    const status = (await t.client.post("auth-jwt", { jwt: await mint({}, { signWith: otherKey }), targetPublicKey: target })).status;
    expect(status).toBe(401);
  });

  it("expires tokens by the emulator's clock", async () => {
    const jwt = await mint({}, { expiresIn: Math.floor(t.clock.now() / 1000) + 30 });
    t.clock.advance(60_000);
    try {
      expect((await t.client.post("auth-jwt", { jwt, targetPublicKey: newTargetKey().publicKey })).body.code).toBe("JWT_EXPIRED");
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it("accepts the dev identity provider's id tokens by default", async () => {
    const fetched = await socialLogin(t.client, uniqueEmail("idp-jwt"), { fetchIdTokenOnly: true });
    const answer = await t.client.ok("auth-jwt", { jwt: fetched.result.idToken, targetPublicKey: newTargetKey().publicKey, authProvider: "google" });
    expect(answer.isSignUp).toBe(true);
  });
});

describe("--jwt-issuer", () => {
  it("parses issuer, jwks, audience and id, and refuses an incomplete spec", () => {
    expect(parseJwtIssuer("issuer=https://a.test,jwks=https://a.test/jwks.json,audience=app,id=mine")).toEqual({
      issuer: "https://a.test",
      jwksUri: "https://a.test/jwks.json",
      audience: "app",
      id: "mine",
    });
    expect(() => parseJwtIssuer("issuer=https://a.test")).toThrow(/needs issuer=<url>,jwks=<url>,audience=<aud>/);
    expect(() => parseJwtIssuer("issuer=https://a.test,jwks=nope,audience=x")).toThrow(/jwks must be a URL/);
  });
});

describe("the dev app issuer (custom JWT without an auth of your own)", () => {
  const devToken = async (body: unknown) => {
    const response = await fetch(`${t.emulator.url}/dev/api/jwt`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it("mints a token auth-jwt accepts: the same subject signs up, then in", async () => {
    const sub = `dev-${crypto.randomUUID()}`;
    const minted = await devToken({ sub, email: uniqueEmail("devjwt") });
    expect(minted.status).toBe(200);
    expect(minted.body).toEqual({ jwt: expect.any(String), authProviderId: "dev-app-auth", issuer: `${t.emulator.url}/idp/dev-app-auth` });
    const first = await t.client.ok("auth-jwt", { jwt: minted.body.jwt, targetPublicKey: newTargetKey().publicKey, authProvider: minted.body.authProviderId });
    expect(first.isSignUp).toBe(true);
    const again = await devToken({ sub });
    const second = await t.client.ok("auth-jwt", { jwt: again.body.jwt, targetPublicKey: newTargetKey().publicKey });
    expect(second).toMatchObject({ isSignUp: false, orgId: first.orgId });
  });

  it("gives a random subject when none is asked, and refuses bad claims", async () => {
    const a = await devToken({});
    const b = await devToken({});
    expect(a.body.jwt).not.toBe(b.body.jwt);
    expect((await devToken({ sub: 42 })).body).toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("sub must be a non-empty string") });
    expect((await devToken({ email: "x".repeat(300) })).status).toBe(400);
    expect((await devToken([1])).status).toBe(400);
  });
});
