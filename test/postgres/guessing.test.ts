import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../server/options";
import { trustedProxyClients } from "../../server/middleware/client";
import { EmulatorClient, newTargetKey, type Answer } from "../server/support/client";
import { uniqueEmail } from "../server/support/emulator";
import { queryDatabase, startScaleOut, type ScaleOut } from "./support/scaleOut";

// Code guessing against two instances on one PostgreSQL, the way an attacker tries it (issue 29):
// from many client addresses (behind a trusted proxy, X-Forwarded-For names the client), and in
// parallel. Sends are not what is measured here, so codes flow freely.
let s: ScaleOut;
beforeAll(async () => {
  s = await startScaleOut(2, {
    limits: { sendMaxPerWindow: 10_000, sendsPerContactPerDay: 10_000 },
    hooks: { install: (app) => app.use(trustedProxyClients(["127.0.0.1", "::1"])) },
  });
});
afterAll(() => s?.stop());

const query = <T>(sql: string, params: unknown[] = []) => queryDatabase<T>(s.databaseUrl, sql, params);

/** Hits in the window of each budget key that starts with `prefix`. */
async function charged(prefix: string): Promise<Record<string, number>> {
  const rows = await query<{ key: string; n: number }>("select key, cardinality(hits) as n from rate_limits where key like $1", [`${prefix}%`]);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}

const from = (address: string) => ({ "X-Forwarded-For": address });
const wrong = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, "0");

async function requestCode(client: EmulatorClient, email: string, address: string) {
  const { orgId, otpId } = await client.ok("auth", { email, targetPublicKey: newTargetKey().publicKey }, from(address));
  return { orgId: orgId as string, otpId: otpId as string, code: await client.latestCode(email) };
}

describe("an attacker on 100 client addresses, without the inbox", () => {
  it("gets at most 100 wrong codes evaluated in the hour, and cannot keep the owner from signing in", async () => {
    const email = uniqueEmail("victim");
    const { orgId } = (await s.clients[0]!.signUp(email)).user;
    const addresses = Array.from({ length: 100 }, (_, i) => `203.0.113.${i + 1}`);
    let turn = 0;
    const nextAddress = () => addresses[turn++ % addresses.length]!;

    // The attacker asks for 60 codes (it learns their ids, not the codes) and guesses each three times,
    // each guess from the next of its addresses, on either instance.
    let evaluated = 0;
    let refused = 0;
    for (let round = 0; round < 60; round++) {
      const { otpId, code } = await requestCode(s.next(), email, addresses[turn % addresses.length]!);
      for (let i = 0; i < DEFAULT_LIMITS.otpMaxAttempts; i++) {
        const answer: Answer = await s.next().post("otp", { orgId, otpId, otpCode: wrong(code), targetPublicKey: newTargetKey().publicKey }, from(nextAddress()));
        expect(answer.status).toBeLessThan(500);
        if (answer.body.code === "INVALID_OTP") evaluated++;
        else {
          expect([answer.status, answer.body.code]).toEqual([429, "RATE_LIMITED"]);
          refused++;
        }
      }
    }
    expect(evaluated).toBeLessThanOrEqual(100);
    expect(evaluated).toBeGreaterThanOrEqual(DEFAULT_LIMITS.guessesPerAccount);
    console.info(`[guessing] attacker on ${addresses.length} addresses, 180 guesses: ${evaluated} wrong codes evaluated, ${refused} refused`);

    // The owner asks for a code from their own address and signs in with it.
    const owner = await requestCode(s.clients[1]!, email, "198.51.100.7");
    const session = await s.clients[1]!.post("otp", { orgId, otpId: owner.otpId, otpCode: owner.code, targetPublicKey: newTargetKey().publicKey }, from("198.51.100.7"));
    expect(session.body.status).toBe("SUCCESS");
    expect(session.body.credentialBundle).toBeTruthy();
    // Every evaluated guess is charged once: to the account's budget, or (fresh codes) to a fresh-code try.
    const fresh = Object.values(await charged(`guess:fresh-code:${orgId}|`)).reduce((a, b) => a + b, 0);
    expect((await charged(`guess:account:${orgId}`))[`guess:account:${orgId}`]! + fresh).toBe(evaluated);
  });
});

describe("an attacker that saves its addresses and pays a code sent per guess", () => {
  it("still gets at most 100 wrong codes evaluated in the hour; the owner signs in from the address they used before", async () => {
    const email = uniqueEmail("saver");
    const { orgId } = (await s.clients[0]!.signUp(email)).user;
    const home = "198.51.100.8";
    const signIn = async (client: EmulatorClient, address: string) => {
      const { otpId, code } = await requestCode(client, email, address);
      return client.post("otp", { orgId, otpId, otpCode: code, targetPublicKey: newTargetKey().publicKey }, from(address));
    };
    expect((await signIn(s.clients[0]!, home)).body.status).toBe("SUCCESS");

    // 30 codes guessed 3 times each from one address spend the account budget; then each of the 99 other
    // addresses asks for a code of its own and guesses it once, on either instance.
    const addresses = Array.from({ length: 100 }, (_, i) => `203.0.113.${i + 1}`);
    const outcomes: string[] = [];
    const guessOnce = async (otpId: string, code: string, address: string) => {
      const answer: Answer = await s.next().post("otp", { orgId, otpId, otpCode: wrong(code), targetPublicKey: newTargetKey().publicKey }, from(address));
      expect(answer.status).toBeLessThan(500);
      if (answer.body.code !== "INVALID_OTP") expect([answer.status, answer.body.code]).toEqual([429, "RATE_LIMITED"]);
      outcomes.push(answer.body.code as string);
    };
    for (let round = 0; round < DEFAULT_LIMITS.guessesPerAccount / DEFAULT_LIMITS.otpMaxAttempts; round++) {
      const { otpId, code } = await requestCode(s.next(), email, addresses[0]!);
      for (let i = 0; i < DEFAULT_LIMITS.otpMaxAttempts; i++) await guessOnce(otpId, code, addresses[0]!);
    }
    for (const address of addresses.slice(1)) {
      const { otpId, code } = await requestCode(s.next(), email, address);
      await guessOnce(otpId, code, address);
    }
    const evaluated = outcomes.filter((code) => code === "INVALID_OTP").length;
    expect(evaluated).toBeLessThanOrEqual(100);
    expect(evaluated).toBe(DEFAULT_LIMITS.guessesPerAccount + DEFAULT_LIMITS.freshCodeGuessesPerAccount);
    console.info(`[guessing] saving attacker on ${addresses.length} addresses, ${outcomes.length} guesses (a code sent for each of the last 99): ${evaluated} wrong codes evaluated`);
    expect(await charged(`guess:fresh-codes:${orgId}`)).toEqual({ [`guess:fresh-codes:${orgId}`]: DEFAULT_LIMITS.freshCodeGuessesPerAccount });

    // A never-used address now waits for the window; the owner's address, known to the account on both instances, gets in.
    expect((await signIn(s.clients[0]!, "198.51.100.9")).status).toBe(429);
    const session = await signIn(s.clients[1]!, home);
    expect(session.body.status).toBe("SUCCESS");
    expect(session.body.credentialBundle).toBeTruthy();
    // The mark of a known address is a keyed hash: neither the address nor the account is readable from it.
    const marks = (await query<{ key: string }>("select key from rate_limits where key like 'known-client:%'")).map((r) => r.key);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.filter((key) => key.includes(home) || key.includes(orgId))).toEqual([]);
  });
});

describe("parallel guesses over two instances", () => {
  it("50 at once: no 5xx, and each budget charged exactly once per evaluated guess", async () => {
    const email = uniqueEmail("parallel");
    const { orgId } = (await s.clients[0]!.signUp(email)).user;
    const address = "192.0.2.50";
    // Two codes: 6 guesses can be evaluated; the other 44 meet a dead code and are given back.
    const targets = await Promise.all(Array.from({ length: 2 }, (_, i) => requestCode(s.clients[i % 2]!, email, address)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const target = targets[i % targets.length]!;
        return s.clients[i % 2]!.post("otp", { orgId, otpId: target.otpId, otpCode: wrong(target.code), targetPublicKey: newTargetKey().publicKey }, from(address));
      }),
    );
    expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);
    const evaluated = answers.filter((a) => a.body.code === "INVALID_OTP").length;
    expect(evaluated).toBe(6);
    expect(answers.filter((a) => a.body.code === "OTP_ATTEMPTS_EXCEEDED")).toHaveLength(44);
    expect(await charged(`guess:account:${orgId}`)).toEqual({ [`guess:account:${orgId}`]: evaluated });
    expect(await charged(`guess:client:${address}`)).toEqual({ [`guess:client:${address}`]: evaluated });
  });
});
