import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";
import { mfaRequest, newTargetKey, sessionFromBundle, stamp, type Session } from "../server/support/client";
import { keyManagement } from "../server/support/passkey";
import { signer, startProduction, type ProductionProcess } from "./support/server";
import { ageSignIns } from "./support/signIns";
import { startSmtpReceiver, type ReceivedEmail, type Receiver } from "./support/receivers";

// Step-up in the production profile on PostgreSQL (issue 29, Medium item 3): a session alone cannot
// export the wallet; a code sent by SMTP to the account's own email, traded for a verify-otp token,
// steps that one session up; another session of the same user is still refused. A session's own
// sign-in counts as its proof for five minutes: the sessions here are made older in the database.
let cluster: PostgresCluster;
let databaseUrl: string;
let smtp: Receiver<ReceivedEmail>;
let server: ProductionProcess;

beforeAll(async () => {
  [cluster, smtp] = await Promise.all([startPostgresCluster(), startSmtpReceiver()]);
  databaseUrl = await cluster.createDatabase();
  server = await startProduction({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, LATCH_EMAIL_FROM: "no-reply@app.example" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await cluster?.destroy();
});

const post = async (route: string, body: unknown) => {
  const response = await signer(server, route, body);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

/** The code of the next mail to `to` (by SMTP). */
async function codeFor(to: string, since: number): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to === to, since);
  return /Your code is (\d{6})/.exec(mail.text)![1]!;
}

/** Email sign-up or sign-in by code: a session of its own. */
async function emailSession(email: string, route: "signup" | "auth"): Promise<{ session: Session; orgId: string }> {
  const target = newTargetKey();
  const since = smtp.received.length;
  const started = await post(route, { email, targetPublicKey: target.publicKey });
  expect(started.status).toBe(200);
  const { orgId, otpId } = started.body;
  const otp = await post("otp", { orgId, otpId, otpCode: await codeFor(email, since), targetPublicKey: target.publicKey });
  expect(otp.body.status).toBe("SUCCESS");
  return { orgId, session: await sessionFromBundle(orgId, otp.body.credentialBundle, target) };
}

describe("step-up in production on PostgreSQL", () => {
  it("refuses export to a bare session older than five minutes; a code to the account's email steps that session up, and only it", async () => {
    const email = `stepup-${Date.now()}@example.com`;
    const { orgId, session } = await emailSession(email, "signup");
    const who = await post("whoami", { stampedRequest: { url: "https://api.turnkey.com/public/v1/query/whoami", ...signedBody({ organizationId: orgId }, session) } });
    const address = who.body.address as string;
    const exportKey = (by: Session) =>
      keyManagement(
        server.url,
        "submit/export_wallet_account",
        { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: String(Date.now()), organizationId: orgId, parameters: { address, targetPublicKey: newTargetKey().publicKey } },
        (text) => stamp(text, by),
      );

    expect((await exportKey(session)).status).toBe(200); // its sign-in just now is its proof
    await ageSignIns(databaseUrl, email);
    const bare = await exportKey(session);
    expect([bare.status, bare.body.code]).toEqual([403, "STEP_UP_REQUIRED"]);
    expect(bare.body.details).toEqual({ proofs: [{ type: "otp", otpType: "OTP_TYPE_EMAIL" }], windowSeconds: 300 });

    const since = smtp.received.length;
    const { otpId } = (await post("init-otp", { contact: email, otpType: "OTP_TYPE_EMAIL" })).body;
    const { verificationToken } = (await post("verify-otp", { otpId, otpCode: await codeFor(email, since) })).body;
    const steppedUp = await post("step-up", { stampedRequest: mfaRequest(session, "step_up", address), verificationToken });
    expect(steppedUp).toEqual({ status: 200, body: { windowSeconds: 300 } });
    expect((await exportKey(session)).body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");

    // The proof is the first session's: a second sign-in of the same user is refused until it gives its own.
    const other = await emailSession(email, "auth");
    await ageSignIns(databaseUrl, email);
    const refused = await exportKey(other.session);
    expect([refused.status, refused.body.code]).toEqual([403, "STEP_UP_REQUIRED"]);
    // The same token again is refused (used once).
    const replayed = await post("step-up", { stampedRequest: mfaRequest(other.session, "step_up", address), verificationToken });
    expect([replayed.status, replayed.body.code]).toEqual([400, "VERIFICATION_TOKEN_USED"]);
  });
});

function signedBody(body: object, by: Session) {
  const text = JSON.stringify({ ...body, timestampMs: String(Date.now()) });
  return { body: text, stamp: stamp(text, by) };
}
