import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { hashMessage, recoverAddress } from "viem";
import { migrations } from "../../server/db/migrations";
import { startServer, type RunningServer } from "../../server/index";
import { EmulatorClient, SIGN_RAW_PAYLOAD_URL, newTargetKey, sessionFromBundle, signRawPayloadBody, stampedRequest, whoamiRequest } from "../server/support/client";
import { uniqueEmail } from "../server/support/emulator";
import { queryDatabase, startScaleOut, type ScaleOut } from "./support/scaleOut";
import { mnemonicToAccount } from "viem/accounts";
import { apiKeyIdOf } from "../../server/services/apiKeys";
import { stamp } from "../server/support/client";
import { exportFrameSigningKey } from "../server/support/exportBundle";
import { sealToImportBundle } from "../server/support/importBundle";
import { APP_ORIGIN, SoftPasskey, keyManagement } from "../server/support/passkey";
import { LIST_AUTH_METHODS_OPERATION, REVOKE_SESSION_ACTIVITY, SCOPED_SESSION_ACTIVITY, SIGN_ONLY_SCOPE } from "../../wire/constants";

const TEST_REDIRECT_URI = "http://127.0.0.1:9/callback";

let s: ScaleOut;
beforeAll(async () => {
  // Three instances start at once on an empty database: one migrates, the others wait on the lock.
  // The dev IdP takes only exact, registered redirect URIs: the code-flow helper below uses this one.
  s = await startScaleOut(3, { idpRedirectUris: [TEST_REDIRECT_URI] });
});
afterAll(() => s?.stop());

const codes = (answers: { status: number; body: { code?: string; status?: string } }[]) =>
  answers.map((a) => (a.status === 200 ? (a.body.status ?? "OK") : a.body.code)).sort();

/** The dev provider's login form posted on one instance: an authorization code for a loopback redirect URI. */
async function codeFor(url: string, provider: string, email: string) {
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = TEST_REDIRECT_URI;
  const answer = await fetch(`${url}/idp/${provider}/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: `latch-dev-${provider}`,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      login_email: email,
    }),
  });
  const code = new URL(answer.headers.get("location") ?? "http://invalid").searchParams.get("code");
  if (!code) throw new Error(`no code: ${answer.status} ${await answer.text()}`);
  return { code, verifier, redirectUri };
}

const query = <T>(sql: string, params: unknown[] = []) => queryDatabase<T>(s.databaseUrl, sql, params);

describe("three instances on one PostgreSQL", () => {
  it("applied each migration once, though all three started together", async () => {
    const rows = await query<{ version: number; n: string }>("select version, count(*) as n from schema_migrations group by version order by version");
    expect(rows.map((r) => [r.version, Number(r.n)])).toEqual(migrations.map((m) => [m.version, 1]));
  });

  it("signs up on A, takes the code on B, answers whoami and signs on C", async () => {
    const [a, b, c] = s.clients as [typeof s.clients[0], typeof s.clients[0], typeof s.clients[0]];
    const email = uniqueEmail("spread");
    const target = newTargetKey();
    const user = await a.ok("signup", { email, targetPublicKey: target.publicKey });
    const session = await b.submitCode(user.orgId, user.otpId, await b.latestCode(email), target);
    expect(await c.ok("whoami", { stampedRequest: whoamiRequest(session) })).toMatchObject({ orgId: user.orgId, address: user.address, email });
    const hash = hashMessage("signed on C");
    const { signature } = await c.ok("sign-payload", {
      stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: user.address }), session),
    });
    expect(await recoverAddress({ hash, signature })).toBe(user.address);
  });

  it("refuses a stamped request replayed on another instance, and lets one of many simultaneous copies through", async () => {
    const { user, session } = await s.clients[0]!.signUp(uniqueEmail("replay"));
    const request = stampedRequest(
      SIGN_RAW_PAYLOAD_URL,
      signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("once"), signWith: user.address }),
      session,
    );
    expect((await s.clients[0]!.post("sign-payload", { stampedRequest: request })).status).toBe(200);
    for (const client of s.clients.slice(1)) {
      const replay = await client.post("sign-payload", { stampedRequest: request });
      expect([replay.status, replay.body.code]).toEqual([401, "REPLAYED_REQUEST"]);
    }
    const fresh = stampedRequest(
      SIGN_RAW_PAYLOAD_URL,
      signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("twice"), signWith: user.address }),
      session,
    );
    const copies = await Promise.all(Array.from({ length: 12 }, () => s.next().post("sign-payload", { stampedRequest: fresh })));
    expect(codes(copies)).toEqual(["OK", ...Array(11).fill("REPLAYED_REQUEST")]);
  });

  it("signs in one round trip yet records no replay marker for a key that is not the organisation's", async () => {
    const { user, session } = await s.clients[0]!.signUp(uniqueEmail("stranger"));
    const stranger = { ...session, ...(await s.clients[1]!.signUp(uniqueEmail("other"))).session, orgId: user.orgId };
    const before = await query<{ n: string }>("select count(*) as n from used_tokens");
    const answer = await s.clients[2]!.post("sign-payload", {
      stampedRequest: stampedRequest(
        SIGN_RAW_PAYLOAD_URL,
        signRawPayloadBody(stranger, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("not mine"), signWith: user.address }),
        stranger,
      ),
    });
    expect([answer.status, answer.body.code]).toEqual([401, "UNKNOWN_API_KEY"]);
    expect(await query<{ n: string }>("select count(*) as n from used_tokens")).toEqual(before);
  });

  it("locks a code at the limit when wrong codes are spread over the instances", async () => {
    const email = uniqueEmail("guess");
    const target = newTargetKey();
    const { orgId, otpId } = await s.clients[0]!.ok("signup", { email, targetPublicKey: target.publicKey });
    const right = await s.clients[0]!.latestCode(email);
    const wrong = String((Number(right) + 1) % 1e6).padStart(6, "0");
    const answers = await Promise.all(Array.from({ length: 9 }, () => s.next().post("otp", { orgId, otpId, otpCode: wrong, targetPublicKey: target.publicKey })));
    expect(codes(answers)).toEqual([...Array(3).fill("INVALID_OTP"), ...Array(6).fill("OTP_ATTEMPTS_EXCEEDED")].sort());
    for (const client of s.clients) {
      expect((await client.post("otp", { orgId, otpId, otpCode: right, targetPublicKey: target.publicKey })).body.code).toBe("OTP_ATTEMPTS_EXCEEDED");
    }
  });

  it("holds the per-account guess budget across instances", async () => {
    const strict = await Promise.all([s.startInstance({ limits: { guessesPerAccount: 4 } }), s.startInstance({ limits: { guessesPerAccount: 4 } })]);
    const [x, y] = strict.map((i) => new EmulatorClient(i.url)) as [EmulatorClient, EmulatorClient];
    const email = uniqueEmail("budget");
    const target = newTargetKey();
    const first = await x.ok("signup", { email, targetPublicKey: target.publicKey });
    const firstCode = await x.latestCode(email);
    const second = await y.ok("auth", { email, targetPublicKey: target.publicKey });
    const secondCode = await y.latestCode(email);
    const wrong = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, "0");
    const guess = (client: EmulatorClient, otpId: string, code: string) => client.post("otp", { orgId: first.orgId, otpId, otpCode: wrong(code), targetPublicKey: target.publicKey });
    expect(codes(await Promise.all([guess(x, first.otpId, firstCode), guess(y, first.otpId, firstCode), guess(x, first.otpId, firstCode)]))).toEqual(Array(3).fill("INVALID_OTP"));
    expect(codes(await Promise.all([guess(y, second.otpId, secondCode), guess(x, second.otpId, secondCode)]))).toEqual(["INVALID_OTP", "RATE_LIMITED"]);
  });

  it("redeems one code exactly once when 20 redeems race across the instances", async () => {
    const email = uniqueEmail("race");
    const target = newTargetKey();
    const { orgId, otpId } = await s.clients[1]!.ok("signup", { email, targetPublicKey: target.publicKey });
    const otpCode = await s.clients[1]!.latestCode(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.next().post("otp", { orgId, otpId, otpCode, targetPublicKey: target.publicKey })));
    expect(codes(answers)).toEqual([...Array(19).fill("OTP_ALREADY_USED"), "SUCCESS"].sort());
    const keys = await query<{ n: string }>("select count(*) as n from api_keys where org_id = $1", [orgId]);
    expect(Number(keys[0]!.n)).toBe(1);
  });

  it("holds the send limit per contact across instances", async () => {
    const email = uniqueEmail("sends");
    const target = newTargetKey();
    await s.clients[2]!.signUp(email, target);
    const answers = await Promise.all(Array.from({ length: 12 }, () => s.next().post("auth", { email, targetPublicKey: target.publicKey })));
    // The sign-up sent one code; the window allows three.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(await s.clients[0]!.messages(email)).toHaveLength(3);
  });

  it("completes a social sign-in whose steps land on different instances (prepared state and provider grants in the database)", async () => {
    const [a, b, c] = s.instances as [typeof s.instances[0], typeof s.instances[0], typeof s.instances[0]];
    const discovery = (await (await fetch(`${a.url}/idp/google/.well-known/openid-configuration`)).json()) as { token_endpoint: string };
    expect(discovery.token_endpoint).toContain(a.url);
    // A code minted by A's provider is redeemed at C's token endpoint: same issuer state, shared rows.
    const grant = await codeFor(a.url, "google", uniqueEmail("social"));
    const token = await fetch(`${c.url}/idp/google/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: grant.code, redirect_uri: grant.redirectUri, client_id: "latch-dev-google", code_verifier: grant.verifier }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const info = await fetch(`${b.url}/idp/google/userinfo`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(info.status).toBe(200);
    const again = await fetch(`${b.url}/idp/google/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: grant.code, redirect_uri: grant.redirectUri, client_id: "latch-dev-google", code_verifier: grant.verifier }),
    });
    expect(again.status).toBe(400);
  });

  it("answers ready while the database answers", async () => {
    for (const instance of s.instances) expect((await fetch(`${instance.url}/ready`)).status).toBe(200);
  });

  it("refuses to start on an older schema when told not to migrate, saying what to run", async () => {
    const url = await s.cluster.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("create table schema_migrations (version integer primary key, name text not null, applied_at double precision not null)");
    await client.query(migrations[0]!.sql);
    await client.query("insert into schema_migrations values (1, 'first', 0)");
    await client.end();
    await expect(startServer({ database: { engine: "postgres", url }, keyEncryptionKeys: s.keys, migrate: false })).rejects.toThrow(
      /schema is at migration 1, this server needs \d+: run `latch-server migrate`/,
    );
  });

  it("logout on A (revoke-session) refuses the session key on B and C at once, though their key caches parsed it", async () => {
    const { user, session } = await s.clients[0]!.signUp(uniqueEmail("logout"));
    const sign = (label: string) =>
      stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage(label), signWith: user.address }), session);
    const listMethods = () =>
      ({ suborgId: user.orgId, stampedRequest: stampedRequest(`https://api.turnkey.com/public/v1/${LIST_AUTH_METHODS_OPERATION}`, { organizationId: user.orgId, timestampMs: String(Date.now()) }, session) });
    for (const client of s.clients.slice(1)) {
      expect((await client.post("whoami", { stampedRequest: whoamiRequest(session) })).status).toBe(200);
      expect((await client.post("sign-payload", { stampedRequest: sign(`before ${client.url}`) })).status).toBe(200);
      expect((await client.post("list-auth-methods", listMethods())).status).toBe(200);
    }
    const revoke = { type: REVOKE_SESSION_ACTIVITY, timestampMs: String(Date.now()), organizationId: user.orgId };
    expect((await s.clients[0]!.post("revoke-session", { stampedRequest: stampedRequest("https://api.turnkey.com/public/v1/submit/revoke_session", revoke, session) })).status).toBe(200);
    for (const client of s.clients) {
      expect((await client.post("whoami", { stampedRequest: whoamiRequest(session) })).body.code).toBe("UNKNOWN_API_KEY");
      expect((await client.post("sign-payload", { stampedRequest: sign(`after ${client.url}`) })).body.code).toBe("UNKNOWN_API_KEY");
      expect((await client.post("list-auth-methods", listMethods())).body.code).toBe("UNKNOWN_API_KEY");
    }
  });

  it("a passkey sign-in on A counts as signed in on B and C (passkey_sessions is the database's, not an instance's)", async () => {
    const passkey = new SoftPasskey();
    const user = await s.clients[0]!.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    const body = JSON.stringify({ organizationId: user.orgId, timestampMs: String(Date.now()) });
    await s.clients[0]!.ok("whoami", { stampedRequest: { url: "https://api.turnkey.com/public/v1/query/whoami", body, stamp: passkey.stamp(body) } });
    expect(await query("select org_id from passkey_sessions where org_id = $1", [user.orgId])).toEqual([{ org_id: user.orgId }]);
    for (const client of s.clients.slice(1)) {
      expect(await client.post("list-auth-methods", { suborgId: user.orgId })).toMatchObject({ status: 200, body: { passkeys: [{ authenticatorId: expect.any(String) }] } });
    }
  });

  it("a sign-only session key made on A signs on B and is refused export on C (scope read with the key on every instance)", async () => {
    const email = uniqueEmail("scope");
    const { user, session } = await s.clients[0]!.signUp(email);
    const target = newTargetKey();
    const scoped = await s.clients[0]!.ok("scoped-session", {
      stampedRequest: stampedRequest(
        "https://api.turnkey.com/public/v1/submit/create_scoped_session",
        { type: SCOPED_SESSION_ACTIVITY, timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { targetPublicKey: target.publicKey, scope: SIGN_ONLY_SCOPE } },
        session,
      ),
    });
    const narrow = await sessionFromBundle(user.orgId, scoped.credentialBundle, target);
    const hash = hashMessage("sign-only on B");
    const { signature } = await s.clients[1]!.ok("sign-payload", {
      stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(narrow, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: user.address }), narrow),
    });
    expect(await recoverAddress({ hash, signature })).toBe(user.address);
    const [c] = s.instances.slice(2) as [RunningServer];
    const exportKey = (key: typeof session) =>
      keyManagement(c.url, "submit/export_wallet_account", { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { address: user.address, targetPublicKey: newTargetKey().publicKey } }, (text) => stamp(text, key));
    const refused = await exportKey(narrow);
    expect([refused.status, refused.body.code]).toEqual([403, "SESSION_SCOPE_SIGN_ONLY"]);
    // The full session, its sign-in made older than five minutes (no longer its own proof), is refused on C...
    await query("update api_keys set signed_in_at = signed_in_at - 600000 where org_id = $1", [user.orgId]);
    expect((await exportKey(session)).body.code).toBe("STEP_UP_REQUIRED");
    // ...and exports once it proved a code to the email (step-up, recorded on A in step_ups, honoured on C).
    expect((await s.clients[0]!.stepUp(session, user.address, { contact: email })).status).toBe(200);
    expect(await query("select credential from step_ups where org_id = $1", [user.orgId])).toEqual([{ credential: `api-key:${session.apiPublicKey}` }]);
    expect((await exportKey(session)).status).toBe(200);
  });

  it("imports a wallet across instances (bundle on A, import on B, signature on C); a key deleted on A is refused on B at once", async () => {
    const [a, b, c] = s.instances as [RunningServer, RunningServer, RunningServer];
    const { user, session } = await s.clients[0]!.signUp(uniqueEmail("import"));
    const km = (on: RunningServer, operation: string, body: object) => keyManagement(on.url, operation, body, (text) => stamp(text, session));
    const initiated = await km(a, "submit/init_import_wallet", { type: "ACTIVITY_TYPE_INIT_IMPORT_WALLET", timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { userId: user.userId } });
    const mnemonic = "test test test test test test test test test test test junk";
    const encryptedBundle = await sealToImportBundle(initiated.body.activity.result.initImportWalletResult.importBundle, await exportFrameSigningKey(a.url), mnemonic);
    const accounts = [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", path: "m/44'/60'/0'/0/0", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }];
    const importBody = () => ({ type: "ACTIVITY_TYPE_IMPORT_WALLET", timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { userId: user.userId, walletName: "spread", encryptedBundle, accounts } });
    const imported = await km(b, "submit/import_wallet", importBody());
    expect(imported.status).toBe(200);
    const [address] = imported.body.activity.result.importWalletResult.addresses;
    expect(address).toBe(mnemonicToAccount(mnemonic).address);
    expect((await km(c, "submit/import_wallet", importBody())).body.code).toBe("IMPORT_BUNDLE_USED");
    const hash = hashMessage("imported, signed on C");
    const { signature } = await s.clients[2]!.ok("sign-payload", {
      stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: address }), session),
    });
    expect(await recoverAddress({ hash, signature })).toBe(address);

    expect((await s.clients[1]!.post("whoami", { stampedRequest: whoamiRequest(session) })).status).toBe(200);
    const deleted = await km(a, "submit/delete_api_keys", { type: "ACTIVITY_TYPE_DELETE_API_KEYS", timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { userId: user.userId, apiKeyIds: [apiKeyIdOf(session.apiPublicKey)] } });
    expect(deleted.status).toBe(200);
    for (const client of s.clients) expect((await client.post("whoami", { stampedRequest: whoamiRequest(session) })).body.code).toBe("UNKNOWN_API_KEY");
  });
});
