import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../server/options";
import { admit } from "../../server/store/rateLimits";
import { trustedProxyClients } from "../../server/middleware/client";
import { openDatabase } from "../../server/db/open";
import { newTargetKey, type Answer } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { userWithTotp, wrongCode } from "./support/totp";

const HOUR = 60 * 60_000;

let t: TestServer;
beforeAll(async () => {
  // Sends are not what is measured here: let codes flow.
  // Behind a trusted proxy (loopback), X-Forwarded-For names the client: tests choose its address.
  t = await startTestServer({
    limits: { sendMaxPerWindow: 10_000, sendsPerContactPerDay: 10_000, guessesPerClient: 10_000 },
    hooks: { install: (app) => app.use(trustedProxyClients(["127.0.0.1", "::1"])) },
  });
});
afterAll(() => t?.emulator.stop());

const wrongOtp = (code: string) => (code === "000000" ? "111111" : "000000");

async function newCode(email: string) {
  const { orgId, otpId } = await t.client.ok("auth", { email, targetPublicKey: newTargetKey().publicKey });
  return { orgId, otpId, code: await t.client.latestCode(email) };
}

describe("account guess budget (OWASP ASVS 2.2.1)", () => {
  it("evaluates at most 90 wrong codes per hour per account; then a fresh code gets one try from a client new to the account", async () => {
    const email = uniqueEmail("budget");
    await t.client.signUp(email);
    const attacker = { "X-Forwarded-For": "203.0.113.9" };
    const guess = (c: { orgId: string; otpId: string }, otpCode: string, headers: Record<string, string>) =>
      t.client.post("otp", { orgId: c.orgId, otpId: c.otpId, otpCode, targetPublicKey: newTargetKey().publicKey }, headers);
    const unguessed = await newCode(email);
    for (let round = 0; round < DEFAULT_LIMITS.guessesPerAccount / DEFAULT_LIMITS.otpMaxAttempts; round++) {
      const next = await newCode(email);
      for (let i = 0; i < DEFAULT_LIMITS.otpMaxAttempts; i++) {
        expect((await guess(next, wrongOtp(next.code), attacker)).body.code).toBe("INVALID_OTP");
      }
    }
    // A code sent before the budget ran out is refused, even the right one from a new client (an attacker may hold it).
    const refused = await guess(unguessed, unguessed.code, { "X-Forwarded-For": "198.51.100.1" });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    // A code sent afterwards: refused to the client that guessed wrong, one try for any other.
    const fresh = await newCode(email);
    expect((await guess(fresh, wrongOtp(fresh.code), attacker)).status).toBe(429);
    const typo = await guess(fresh, wrongOtp(fresh.code), { "X-Forwarded-For": "198.51.100.2" });
    expect([typo.body.code, typo.body.details?.attemptsLeft]).toEqual(["INVALID_OTP", 0]);
    expect((await guess(fresh, fresh.code, { "X-Forwarded-For": "198.51.100.3" })).status).toBe(429);
    const again = await newCode(email);
    expect((await guess(again, again.code, { "X-Forwarded-For": "198.51.100.2" })).status).toBe(429);
    const owner = await newCode(email);
    expect((await guess(owner, owner.code, { "X-Forwarded-For": "198.51.100.4" })).body.status).toBe("SUCCESS");

    // An hour later the window has slid past the failures.
    t.clock.advance(HOUR + 1000);
    const later = await newCode(email);
    expect((await guess(later, later.code, attacker)).body.status).toBe("SUCCESS");
  });

  it("past 90 + 10 wrong codes in the hour, a fresh code still gets its one try from a client address that signed in to the account before", async () => {
    const email = uniqueEmail("known");
    await t.client.signUp(email);
    const guess = (c: { orgId: string; otpId: string }, otpCode: string, address: string) =>
      t.client.post("otp", { orgId: c.orgId, otpId: c.otpId, otpCode, targetPublicKey: newTargetKey().publicKey }, { "X-Forwarded-For": address });
    const home = "198.51.100.77";
    const before = await newCode(email);
    expect((await guess(before, before.code, home)).body.status).toBe("SUCCESS");

    // The attacker spends the account budget from one address, then saves addresses: a code sent per guess, each from a new one.
    let evaluated = 0;
    for (let round = 0; round < DEFAULT_LIMITS.guessesPerAccount / DEFAULT_LIMITS.otpMaxAttempts; round++) {
      const next = await newCode(email);
      for (let i = 0; i < DEFAULT_LIMITS.otpMaxAttempts; i++) if ((await guess(next, wrongOtp(next.code), "203.0.113.9")).body.code === "INVALID_OTP") evaluated++;
    }
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const fresh = await newCode(email);
      const answer = await guess(fresh, wrongOtp(fresh.code), `203.0.114.${i}`);
      statuses.push(answer.status);
      if (answer.body.code === "INVALID_OTP") evaluated++;
    }
    expect(statuses).toEqual([...Array<number>(DEFAULT_LIMITS.freshCodeGuessesPerAccount).fill(400), ...Array<number>(20 - DEFAULT_LIMITS.freshCodeGuessesPerAccount).fill(429)]);
    expect(evaluated).toBe(100);

    // The fresh-code budget is spent: a never-used address waits for the window; the owner's address still gets in.
    const elsewhere = await newCode(email);
    expect((await guess(elsewhere, elsewhere.code, "198.51.100.78")).status).toBe(429);
    const owner = await newCode(email);
    expect((await guess(owner, owner.code, home)).body.status).toBe("SUCCESS");
  });

  it("a fresh code refused once the fresh-code budget is spent says when that budget frees a slot, if it does before the account's", async () => {
    const email = uniqueEmail("retry-after");
    await t.client.signUp(email);
    const guess = (c: { orgId: string; otpId: string }, otpCode: string, address: string) =>
      t.client.post("otp", { orgId: c.orgId, otpId: c.otpId, otpCode, targetPublicKey: newTargetKey().publicKey }, { "X-Forwarded-For": address });
    const spendAccountBudget = async () => {
      for (let round = 0; round < DEFAULT_LIMITS.guessesPerAccount / DEFAULT_LIMITS.otpMaxAttempts; round++) {
        const next = await newCode(email);
        for (let i = 0; i < DEFAULT_LIMITS.otpMaxAttempts; i++) expect((await guess(next, wrongOtp(next.code), "203.0.113.50")).body.code).toBe("INVALID_OTP");
      }
    };
    await spendAccountBudget();
    // Half an hour later the attacker spends the fresh-code budget, one new address per code...
    t.clock.advance(HOUR / 2);
    for (let i = 1; i <= DEFAULT_LIMITS.freshCodeGuessesPerAccount; i++) {
      const fresh = await newCode(email);
      expect((await guess(fresh, wrongOtp(fresh.code), `203.0.115.${i}`)).body.code).toBe("INVALID_OTP");
    }
    // ...and once the first failures left the window, the account budget again.
    t.clock.advance(HOUR / 2 + 60_000);
    await spendAccountBudget();
    // Now the account budget frees a slot in an hour, the fresh-code budget in 29 minutes: the refusal names the sooner.
    const fresh = await newCode(email);
    const refused = await guess(fresh, fresh.code, "198.51.100.90");
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(28 * 60);
    expect(seconds).toBeLessThanOrEqual(29 * 60);
    expect(refused.body.details).toEqual({ retryAfterSeconds: seconds });
  });

  it("does not count right codes", async () => {
    const small = await startTestServer({ limits: { guessesPerAccount: 2, sendMaxPerWindow: 10_000 } });
    try {
      const email = uniqueEmail("right");
      await small.client.signUp(email);
      for (let i = 0; i < 4; i++) await small.client.signIn(email);
    } finally {
      await small.emulator.stop();
    }
  });

  it("limits wrong codes per client across accounts", async () => {
    const strict = await startTestServer({ limits: { guessesPerClient: 4, sendMaxPerWindow: 10_000 } });
    try {
      const statuses: number[] = [];
      const emails = [uniqueEmail("spray"), uniqueEmail("spray"), uniqueEmail("spray")];
      const users = await Promise.all(emails.map(async (email) => (await strict.client.signUp(email)).user));
      for (const [i, email] of emails.entries()) {
        const user = users[i]!;
        const { otpId } = await strict.client.ok("auth", { email, targetPublicKey: newTargetKey().publicKey });
        for (let k = 0; k < 2; k++) {
          statuses.push((await strict.client.post("otp", { orgId: user.orgId, otpId, otpCode: "999999x", targetPublicKey: newTargetKey().publicKey })).status);
        }
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
      const init = await strict.client.ok("init-otp", { contact: uniqueEmail("v"), otpType: "OTP_TYPE_EMAIL" });
      const verify = await strict.client.post("verify-otp", { otpId: init.otpId, otpCode: "999999x" });
      expect(verify.status).toBe(429);
      expect(verify.body.message).toContain("from this client");
    } finally {
      await strict.emulator.stop();
    }
  });

  it("admits exactly the limit when many guesses arrive at once (one atomic statement)", async () => {
    const db = await openDatabase();
    try {
      const now = Date.now();
      const results = await Promise.all(Array.from({ length: 40 }, () => admit(db, "k", 10, HOUR, now)));
      expect(results.filter((r) => r.admitted)).toHaveLength(10);
      expect((await admit(db, "k", 10, HOUR, now + HOUR + 1)).admitted).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe("TOTP attempts", () => {
  async function pendingSignIn(email: string) {
    const target = newTargetKey();
    const { orgId, otpId, code } = await newCode(email);
    const answer = await t.client.ok("otp", { orgId, otpId, otpCode: code, targetPublicKey: target.publicKey });
    expect(answer.status).toBe("MFA_REQUIRED");
    return answer.encryptedPayload as string;
  }

  it("allows 5 attempts per pending sign-in: then it is dead, even for the right code", async () => {
    const { email, factorId, app } = await userWithTotp(t, "ctx");
    const encryptedPayload = await pendingSignIn(email);
    const attempt = (code: string) => t.client.post("auth-validate-multi-factors", { encryptedPayload, multiFactors: [{ multiFactorId: factorId, multiFactorCode: code }] });
    for (let i = 0; i < 5; i++) {
      const answer = await attempt(wrongCode(app, t.clock.now()));
      expect(answer.body.message).toContain("Invalid MFA code");
    }
    const dead = await attempt(app.code(t.clock.now()));
    expect(dead.status).toBe(400);
    expect(dead.body.code).toBe("MFA_ATTEMPTS_EXCEEDED");
    // A new sign-in starts over.
    const again = await pendingSignIn(email);
    const ok = await t.client.post("auth-validate-multi-factors", { encryptedPayload: again, multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] });
    expect(ok.status).toBe(200);
    expect(ok.body.payload.credentialBundle).toBeTruthy();
  });

  it("allows 20 wrong TOTP codes per user per hour, whatever the sign-in", async () => {
    const { email, factorId, app } = await userWithTotp(t, "hour");
    let failures = 0;
    let last: Answer | undefined;
    for (let context = 0; context < 6; context++) {
      const encryptedPayload = await pendingSignIn(email);
      for (let i = 0; i < 4; i++) {
        last = await t.client.post("auth-validate-multi-factors", { encryptedPayload, multiFactors: [{ multiFactorId: factorId, multiFactorCode: wrongCode(app, t.clock.now()) }] });
        if (last.status === 429) break;
        failures++;
      }
      if (last!.status === 429) break;
    }
    expect(failures).toBe(20);
    expect(last!.body.code).toBe("RATE_LIMITED");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    const encryptedPayload = await pendingSignIn(email);
    const right = await t.client.post("auth-validate-multi-factors", { encryptedPayload, multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] });
    expect(right.status).toBe(429);
  });
});
