import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { parseJwtIssuer } from "../../server/options";
import { MFA_ACTIONS } from "../../wire/constants";
import { mfaRequest, newTargetKey, sessionFromBundle, whoamiRequest, type TargetKey } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { nonceOf, socialLogin } from "./support/oauth";
import { authenticatorFor } from "./support/totp";

// auth-jwt: JWTs of the app's own auth, verified against a JWKS the test serves (and the dev IdP's).
const ISSUER = "https://auth.app.test";
const AUDIENCE = "latch-app";
let t: TestServer;
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
  t = await startTestServer({
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

/** An auth-jwt body whose token names `target` (nonce = hex sha256 of its public key). */
async function boundTo(target: TargetKey, claims: Record<string, unknown> = {}) {
  return { jwt: await mint({ ...claims, nonce: nonceOf(target.publicKey) }), targetPublicKey: target.publicKey };
}

describe("auth-jwt binds a token to the key it signs in, once", () => {
  it("refuses a token without a nonce, or whose nonce names another key (a leaked token plus any key)", async () => {
    const victim = newTargetKey();
    const attacker = newTargetKey();
    const noNonce = await t.client.post("auth-jwt", { jwt: await mint(), targetPublicKey: attacker.publicKey });
    expect(noNonce.status).toBe(400);
    expect(noNonce.body.code).toBe("NONCE_REQUIRED");
    const leaked = await mint({ nonce: nonceOf(victim.publicKey) });
    const stolen = await t.client.post("auth-jwt", { jwt: leaked, targetPublicKey: attacker.publicKey });
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe("NONCE_MISMATCH");
    expect((await t.client.post("auth-jwt", { jwt: leaked, targetPublicKey: victim.publicKey })).status).toBe(200);
  });

  it("refuses the same token twice, a re-encoded signature of it, and another token with the same jti", async () => {
    const target = newTargetKey();
    const body = await boundTo(target, { jti: "once-1" });
    expect((await t.client.post("auth-jwt", body)).status).toBe(200);
    const again = await t.client.post("auth-jwt", body);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("JWT_ALREADY_USED");
    // ES256 signatures are malleable (r, n - s): the same claims with another signature are the same token.
    const [header, payload, signature] = body.jwt.split(".") as [string, string, string];
    const raw = Buffer.from(signature, "base64url");
    const n = BigInt("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
    const s2 = (n - BigInt(`0x${raw.subarray(32).toString("hex")}`)).toString(16).padStart(64, "0");
    const twin = `${header}.${payload}.${Buffer.concat([raw.subarray(0, 32), Buffer.from(s2, "hex")]).toString("base64url")}`;
    expect((await t.client.post("auth-jwt", { jwt: twin, targetPublicKey: target.publicKey })).body.code).toBe("JWT_ALREADY_USED");
    const sameJti = await t.client.post("auth-jwt", await boundTo(newTargetKey(), { jti: "once-1" }));
    expect(sameJti.body.code).toBe("JWT_ALREADY_USED");
  });

  it("answers MFA_REQUIRED for a user with a second factor; the TOTP code then opens the session for the token's key", async () => {
    const sub = `mfa-${crypto.randomUUID()}`;
    const first = newTargetKey();
    const signedUp = await t.client.ok("auth-jwt", await boundTo(first, { sub }));
    const session = await sessionFromBundle(signedUp.orgId, signedUp.credentialBundle, first);
    const { address } = await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) });
    const added = await t.client.ok("auth-request-multi-factor", { stampedRequest: mfaRequest(session, MFA_ACTIONS.add, address, t.clock.now()), multiFactorType: "totp" });
    const app = authenticatorFor(added.multiFactorTotpUrl);
    await t.client.ok("auth-verify-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, address, t.clock.now()),
      multiFactorId: added.multiFactorId,
      multiFactorCode: app.code(t.clock.now()),
    });
    t.clock.advance(30_000);

    const target = newTargetKey();
    const answer = await t.client.ok("auth-jwt", await boundTo(target, { sub }));
    expect(answer).toEqual({
      status: "MFA_REQUIRED",
      isSignUp: false,
      orgId: signedUp.orgId,
      encryptedPayload: expect.any(String),
      multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorType: "totp" }],
    });
    expect(answer.credentialBundle).toBeUndefined();
    const validated = await t.client.ok("auth-validate-multi-factors", {
      encryptedPayload: answer.encryptedPayload,
      multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorCode: app.code(t.clock.now()) }],
    });
    const second = await sessionFromBundle(signedUp.orgId, validated.payload.credentialBundle, target);
    expect((await t.client.ok("whoami", { stampedRequest: whoamiRequest(second) })).orgId).toBe(signedUp.orgId);
  });
});

describe("auth-jwt", () => {
  it("signs a new subject up, then the same subject in, with a credential bundle sealed to the target key", async () => {
    const sub = `user-${crypto.randomUUID()}`;
    const target = newTargetKey();
    const first = await t.client.ok("auth-jwt", { jwt: await mint({ sub, nonce: nonceOf(target.publicKey) }), targetPublicKey: target.publicKey, authProvider: "app-auth", expirationSeconds: 600 });
    expect(first).toEqual({ status: "SUCCESS", isSignUp: true, orgId: expect.any(String), credentialBundle: expect.any(String) });
    const session = await sessionFromBundle(first.orgId, first.credentialBundle, target);
    const me = await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) });
    expect(me.orgId).toBe(first.orgId);

    const second = await t.client.ok("auth-jwt", await boundTo(newTargetKey(), { sub }));
    expect(second).toMatchObject({ isSignUp: false, orgId: first.orgId });
  });

  it("records a free verified email, and never links to the owner of a taken one", async () => {
    const email = uniqueEmail("jwt");
    const target = newTargetKey();
    const fresh = await t.client.ok("auth-jwt", await boundTo(target, { email, email_verified: true }));
    const me = await t.client.ok("whoami", { stampedRequest: whoamiRequest(await sessionFromBundle(fresh.orgId, fresh.credentialBundle, target)) });
    expect(me.email).toBe(email);
    const other = await t.client.ok("auth-jwt", await boundTo(newTargetKey(), { email }));
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
    const answer = await t.client.ok("auth-jwt", { jwt: fetched.result.idToken, targetPublicKey: fetched.target.publicKey, authProvider: "google" });
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
    const target = newTargetKey();
    const minted = await devToken({ sub, email: uniqueEmail("devjwt"), nonce: nonceOf(target.publicKey) });
    expect(minted.status).toBe(200);
    expect(minted.body).toEqual({ jwt: expect.any(String), authProviderId: "dev-app-auth", issuer: `${t.emulator.url}/idp/dev-app-auth` });
    const first = await t.client.ok("auth-jwt", { jwt: minted.body.jwt, targetPublicKey: target.publicKey, authProvider: minted.body.authProviderId });
    expect(first.isSignUp).toBe(true);
    const next = newTargetKey();
    const again = await devToken({ sub, nonce: nonceOf(next.publicKey) });
    const second = await t.client.ok("auth-jwt", { jwt: again.body.jwt, targetPublicKey: next.publicKey });
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
