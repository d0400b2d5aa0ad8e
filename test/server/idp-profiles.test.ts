import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { appleUserName } from "../../server/idp/apple";
import { appleClientSecret, clientSecretBasic, privateKeyJwt } from "../../server/idp/clientAuth";
import { clientAuthFor, oidcProvider } from "../../server/idp/oidc";
import { tokenRefusal } from "../../server/idp/providerErrors";
import { isApiError } from "../../server/errors";

// The provider profiles' parts on their own: client authentication (RFC 6749 §2.3.1, RFC 7523,
// Apple's signed secret), the choice from discovery, and what each provider failure is reported as.
const request = () => ({ form: new URLSearchParams({ grant_type: "authorization_code" }), headers: {} as Record<string, string>, tokenEndpoint: "https://idp.test/token" });
const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("client authentication", () => {
  it("client_secret_basic form-encodes id and secret before Basic (RFC 6749 §2.3.1) and sends no client_id in the form", async () => {
    const r = request();
    r.form.set("client_id", "x");
    await clientSecretBasic("my app:1", "s%cr t+")(r);
    const decoded = Buffer.from(r.headers.authorization!.replace(/^Basic /, ""), "base64").toString();
    expect(decoded).toBe("my+app%3A1:s%25cr+t%2B");
    expect(r.form.has("client_id")).toBe(false);
  });

  it("private_key_jwt: a one-use assertion (iss = sub = client id, aud = the token endpoint, 60 s, jti) signed with the app's key", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const auth = privateKeyJwt("app-1", { key: privateKey, keyId: "k1" });
    const [a, b] = [request(), request()];
    await auth(a);
    await auth(b);
    expect(a.form.get("client_assertion_type")).toBe("urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
    const { payload, protectedHeader } = await jwtVerify(a.form.get("client_assertion")!, publicKey, { issuer: "app-1", subject: "app-1", audience: "https://idp.test/token" });
    expect(protectedHeader).toMatchObject({ alg: "ES256", kid: "k1" });
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(decodeJwt(b.form.get("client_assertion")!).jti).not.toBe(payload.jti);
  });

  it("Apple's client secret: ES256 {iss: team, sub: services id, aud: Apple} with the key id, reused until ten minutes before it expires", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    let now = Date.UTC(2026, 0, 1);
    const apple = appleClientSecret({ teamId: "TEAM123456", clientId: "com.example.web", signing: { key: privateKey, keyId: "KEY1" }, audience: "https://appleid.apple.com", lifetimeSeconds: 3600, now: () => now });
    const first = await apple.secret();
    const { payload, protectedHeader } = await jwtVerify(first, publicKey, { issuer: "TEAM123456", subject: "com.example.web", audience: "https://appleid.apple.com", currentDate: new Date(now) });
    expect(protectedHeader).toEqual({ alg: "ES256", kid: "KEY1" });
    expect(payload.exp! - payload.iat!).toBe(3600);
    now += 49 * 60_000;
    expect(await apple.secret()).toBe(first);
    now += 2 * 60_000;
    const renewed = await apple.secret();
    expect(renewed).not.toBe(first);
    expect(decodeProtectedHeader(renewed).kid).toBe("KEY1");
    const r = request();
    await apple.auth(r);
    expect(Object.fromEntries(r.form)).toMatchObject({ client_id: "com.example.web", client_secret: renewed });
  });

  it("chooses from discovery: private_key_jwt with a key it lists, else basic or post (whichever it lists); none configured that it accepts is a misconfiguration", () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const base = { id: "acme", issuer: "https://idp.test", clientId: "c" };
    const kinds = async (option: Parameters<typeof clientAuthFor>[0], methods?: string[]) => {
      const r = request();
      await clientAuthFor(option, { token_endpoint_auth_methods_supported: methods })(r);
      return r.form.has("client_assertion") ? "private_key_jwt" : r.headers.authorization ? "basic" : r.form.has("client_secret") ? "post" : "none";
    };
    return Promise.all([
      expect(kinds({ ...base, clientKey: { key: privateKey, keyId: "k" }, clientSecret: "s" }, ["client_secret_basic", "private_key_jwt"])).resolves.toBe("private_key_jwt"),
      expect(kinds({ ...base, clientSecret: "s" }, ["client_secret_post"])).resolves.toBe("post"),
      expect(kinds({ ...base, clientSecret: "s" }, undefined)).resolves.toBe("basic"),
      expect(kinds({ ...base, clientSecret: "s", tokenAuth: "client_secret_post" }, ["client_secret_basic"])).resolves.toBe("post"),
      expect(kinds(base, ["none"])).resolves.toBe("none"),
      // A secret given, but the provider takes public clients only (PKCE): none.
      expect(kinds({ ...base, clientSecret: "s" }, ["none"])).resolves.toBe("none"),
      expect(codeOf(kinds({ ...base, clientSecret: "s" }, ["private_key_jwt"]))).resolves.toBe("PROVIDER_MISCONFIGURED"),
      expect(codeOf(kinds(base, ["client_secret_basic"]))).resolves.toBe("PROVIDER_MISCONFIGURED"),
    ]);
  });
});

describe("provider failures", () => {
  it("a token endpoint's refusal: the client refused is a misconfiguration, a 5xx an outage, a bad code a failed exchange", () => {
    expect(tokenRefusal("auth0", 401, { error: "invalid_client", error_description: "client authentication failed" })).toMatchObject({
      code: "PROVIDER_MISCONFIGURED",
      message: "Sign-in with auth0 is misconfigured on this server: its token endpoint refused this server as a client (invalid_client: client authentication failed)",
    });
    expect(tokenRefusal("google", 503, {}).code).toBe("PROVIDER_UNAVAILABLE");
    expect(tokenRefusal("google", 400, { error: "invalid_grant", error_description: "Bad Request" })).toMatchObject({ code: "TOKEN_EXCHANGE_FAILED", message: "google refused the code: invalid_grant: Bad Request" });
  });

  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/.well-known/openid-configuration") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issuer: "https://someone-else.test" }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a provider that does not answer is unavailable; one whose discovery names another issuer is misconfigured", async () => {
    const closed = await new Promise<string>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}`));
      });
    });
    expect(await codeOf(oidcProvider({ id: "down", issuer: closed, clientId: "c" }).authEndpoint())).toBe("PROVIDER_UNAVAILABLE");
    expect(await codeOf(oidcProvider({ id: "wrong", issuer: url, clientId: "c" }).authEndpoint())).toBe("PROVIDER_MISCONFIGURED");
  });
});

describe("Apple's user field", () => {
  it("gives the name of the first sign-in; anything else is no name", () => {
    expect(appleUserName(JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "a@privaterelay.appleid.com" }))).toBe("Ada Lovelace");
    expect(appleUserName(JSON.stringify({ name: { firstName: " Ada " } }))).toBe("Ada");
    expect(appleUserName(JSON.stringify({ email: "a@b.co" }))).toBeUndefined();
    expect(appleUserName("not json")).toBeUndefined();
    expect(appleUserName(undefined)).toBeUndefined();
  });
});
