import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMessage, recoverAddress } from "viem";
import { SIGN_RAW_PAYLOAD_URL, newTargetKey, signRawPayloadBody, stampedRequest, whoamiRequest } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const codes = (answers: { body: { code?: string } }[]) => answers.map((a) => a.body.code ?? "OK").sort();

describe("parallel requests on one user", () => {
  it("creates one account when the same email signs up many times at once", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.client.post("signup", { email, targetPublicKey: newTargetKey().publicKey })));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body;
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: winner.orgId });
  });

  it("lets a code be redeemed once when submitted many times at once", async () => {
    const email = uniqueEmail("race");
    const target = newTargetKey();
    const { orgId, otpId } = await t.client.ok("signup", { email, targetPublicKey: target.publicKey });
    const otpCode = await t.client.latestCode(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.client.post("otp", { orgId, otpId, otpCode, targetPublicKey: target.publicKey })));
    expect(answers.filter((a) => a.body.status === "SUCCESS")).toHaveLength(1);
    expect(codes(answers.filter((a) => a.status !== 200))).toEqual(Array(7).fill("OTP_ALREADY_USED"));
  });

  it("counts every wrong try when they arrive at once", async () => {
    const email = uniqueEmail("race");
    const target = newTargetKey();
    const { orgId, otpId } = await t.client.ok("signup", { email, targetPublicKey: target.publicKey });
    const right = await t.client.latestCode(email);
    const wrong = String((Number(right) + 7) % 1e6).padStart(6, "0");
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.client.post("otp", { orgId, otpId, otpCode: wrong, targetPublicKey: target.publicKey })));
    expect(codes(answers)).toEqual(["INVALID_OTP", "INVALID_OTP", "INVALID_OTP", "OTP_ATTEMPTS_EXCEEDED", "OTP_ATTEMPTS_EXCEEDED", "OTP_ATTEMPTS_EXCEEDED"]);
    expect((await t.client.post("otp", { orgId, otpId, otpCode: right, targetPublicKey: target.publicKey })).body.code).toBe("OTP_ATTEMPTS_EXCEEDED");
  });

  it("signs many payloads at once, each correctly, and accepts a replayed body only once", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("race"));
    const messages = Array.from({ length: 16 }, (_, i) => `message ${i}`);
    const answers = await Promise.all(
      messages.map((m, i) =>
        t.client.post("sign-payload", {
          stampedRequest: stampedRequest(
            SIGN_RAW_PAYLOAD_URL,
            signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage(m), signWith: user.address }, Date.now() + i),
            session,
          ),
        }),
      ),
    );
    expect(statuses(answers)).toEqual(Array(16).fill(200));
    const signers = await Promise.all(answers.map((a, i) => recoverAddress({ hash: hashMessage(messages[i]!), signature: a.body.signature })));
    expect(new Set(signers)).toEqual(new Set([user.address]));

    const replayed = stampedRequest(
      SIGN_RAW_PAYLOAD_URL,
      signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("once"), signWith: user.address }),
      session,
    );
    const replays = await Promise.all(Array.from({ length: 8 }, () => t.client.post("sign-payload", { stampedRequest: replayed })));
    expect(statuses(replays)).toEqual([200, ...Array(7).fill(401)]);
    expect((await t.client.post("whoami", { stampedRequest: whoamiRequest(session) })).status).toBe(200);
  });

  it("sends no more codes than the limit when many are asked for at once", async () => {
    const email = uniqueEmail("race");
    const target = newTargetKey();
    await t.client.signUp(email, target);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.client.post("auth", { email, targetPublicKey: target.publicKey })));
    // The sign-up already sent one code; the window allows three.
    expect(statuses(answers)).toEqual([200, 200, ...Array(6).fill(429)]);
    expect(await t.client.messages(email)).toHaveLength(3);
  });
});
