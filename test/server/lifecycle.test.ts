import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { hashMessage, recoverAddress } from "viem";
import { startServer } from "../../server/index";
import { EmulatorClient, SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stampedRequest, whoamiRequest, type Session } from "./support/client";
import { uniqueEmail } from "./support/emulator";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function signHash(client: EmulatorClient, session: Session, address: string, message: string) {
  const body = signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage(message), signWith: address });
  const { signature } = await client.ok("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, body, session) });
  return recoverAddress({ hash: hashMessage(message), signature });
}

describe("a data dir", () => {
  it("keeps a user across a restart: same org, same wallet, able to sign in and sign", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latch-emulator-test-"));
    dirs.push(dir);
    const email = uniqueEmail("persist");

    const first = await startServer({ dataDir: dir, port: 0 });
    const before = new EmulatorClient(first.url);
    const { user, session } = await before.signUp(email);
    expect(await signHash(before, session, user.address, "before")).toBe(user.address);
    await expect(startServer({ dataDir: dir, port: 0 })).rejects.toThrow(/in use by another emulator/);
    await first.stop();

    const second = await startServer({ dataDir: dir, port: 0 });
    try {
      const after = new EmulatorClient(second.url);
      expect(await after.ok("lookup", { email })).toEqual({ orgId: user.orgId });
      const again = await after.signIn(email);
      expect(await after.ok("whoami", { stampedRequest: whoamiRequest(again) })).toMatchObject({
        orgId: user.orgId,
        userId: user.userId,
        address: user.address,
        solanaAddress: user.solanaAddress,
      });
      expect(await signHash(after, again, user.address, "after")).toBe(user.address);
      // The old session's key was registered until its expiry and survives too.
      expect((await after.post("whoami", { stampedRequest: whoamiRequest(session) })).status).toBe(200);
    } finally {
      await second.stop();
    }

    expect(readFileSync(join(dir, "master-secret"), "utf8")).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(join(dir, "emulator.lock"))).toBe(false);
    const db = new PGlite(join(dir, "pgdata"));
    try {
      const { rows } = await db.query<{ m: Uint8Array }>("select sealed_mnemonic as m from wallets");
      expect(rows).toHaveLength(1);
      const stored = new TextDecoder().decode(rows[0]!.m);
      expect(validateMnemonic(stored, wordlist)).toBe(false);
      expect(wordlist.filter((w) => w.length > 4 && stored.includes(w))).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe("instances", () => {
  it("are deterministic with a seed and independent of each other", async () => {
    const email = uniqueEmail("seed");
    const [a, b, c] = await Promise.all([
      startServer({ seed: "alpha" }),
      startServer({ seed: "alpha" }),
      startServer({ seed: "beta" }),
    ]);
    try {
      const [ua, ub, uc] = await Promise.all([a, b, c].map((e) => new EmulatorClient(e.url).signUp(email)));
      const identity = ({ orgId, userId, address, solanaAddress }: { orgId: string; userId: string; address: string; solanaAddress: string }) => ({ orgId, userId, address, solanaAddress });
      expect(identity(ub!.user)).toEqual(identity(ua!.user));
      expect(uc!.user.address).not.toBe(ua!.user.address);
      expect(uc!.user.orgId).not.toBe(ua!.user.orgId);
      expect(await new EmulatorClient(a.url).ok("lookup", { email: uniqueEmail() })).toEqual({ orgId: null });
      // b's session key is unknown to a even though the org id is the same.
      expect((await new EmulatorClient(a.url).post("whoami", { stampedRequest: whoamiRequest(ub!.session) })).body.code).toBe("UNKNOWN_API_KEY");
    } finally {
      await Promise.all([a, b, c].map((e) => e.stop()));
    }
  });

  it("answer on localhost, 127.0.0.1 and ::1, bind loopback only, and stop cleanly", async () => {
    const emulator = await startServer();
    expect(emulator.url).toBe(`http://localhost:${emulator.port}`);
    expect(emulator.addresses).toContain("127.0.0.1");
    for (const address of emulator.addresses) expect(["127.0.0.1", "::1"]).toContain(address);
    const hosts = ["localhost", "127.0.0.1", ...(emulator.addresses.includes("::1") ? ["[::1]"] : [])];
    for (const host of hosts) {
      const response = await fetch(`http://${host}:${emulator.port}/health`);
      expect(await response.json()).toEqual({ ok: true });
    }
    await emulator.stop();
    await emulator.stop();
    await expect(fetch(`${emulator.url}/health`)).rejects.toThrow();
  });
});
