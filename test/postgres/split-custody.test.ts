import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { hashMessage, recoverAddress } from "viem";
import { keyEncryptionKeysFromEnv } from "../../server/custody/env";
import { rotateKeysCommand } from "../../server/admin";
import { openEnvelope } from "../../server/custody/envelope";
import { serverSecretContext } from "../../server/custody/serverSecret";
import { openMnemonic, openSigningKeys } from "../../server/custody/walletCustody";
import { custodyTargetKey, openAuthShare } from "../../server/custody/authShare";
import { createSecrets, type KeyPurpose } from "../../server/crypto/secrets";
import { deriveWallet } from "../../server/crypto/wallet";
import type { KeyRing } from "../../server/custody/keyEncryptionKey";
import { isEntropy, joinShares } from "../../server/frames/custody/shares";
import { keysFromEntropy, mnemonicOf } from "../../server/frames/custody/walletKeys";
import { signPayloadWith } from "../../server/frames/custody/signing";
import { withWalletKeys } from "../../server/frames/custody/reassemble";
import { newRecoveryCode, parseRecoveryBox, unlockRecoveryShare } from "../../server/frames/custody/recoveryLock";
import { startServer, type RunningServer } from "../../server/index";
import type { CustodyMode } from "../../server/custody/custodyMode";
import { EmulatorClient, SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stampedRequest, type Session, type User } from "../server/support/client";
import { uniqueEmail } from "../server/support/emulator";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";
import { releasedShares, splitAsFrame } from "../server/support/splitFrame";

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(() => cluster?.destroy());

const newKey = () => randomBytes(32).toString("base64");
const PURPOSES: KeyPurpose[] = [
  "otp-hash",
  "wallet-at-rest",
  "totp-at-rest",
  "mfa-payload",
  "verification-token",
  "seeded-wallet",
  "seeded-id",
  "export-signing",
  "idp-signing",
  "idp-subject",
  "import-target",
  "custody-target",
  "member-pseudonym",
  "known-client",
  "custody-challenge",
];

type Dump = Record<string, Record<string, unknown>[]>;

/** Every value of every row of every table: what a stolen database (or its backup) holds. */
async function dumpDatabase(url: string): Promise<Dump> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public'")).rows;
    const dump: Record<string, Record<string, unknown>[]> = {};
    for (const { name } of tables) dump[name] = (await client.query(`select * from "${name}"`)).rows as Record<string, unknown>[];
    return dump;
  } finally {
    await client.end();
  }
}

/** Each value as bytes, in every reading an attacker would try: raw, and text as UTF-8, hex, base64 and base64url. */
function byteReadings(dump: Record<string, Record<string, unknown>[]>): Uint8Array[] {
  const out = new Map<string, Uint8Array>();
  const add = (bytes: Uint8Array) => out.set(Buffer.from(bytes).toString("hex"), bytes);
  const visit = (value: unknown) => {
    if (value instanceof Uint8Array) add(new Uint8Array(value));
    else if (typeof value === "string") {
      add(new TextEncoder().encode(value));
      if (/^(0x)?([0-9a-fA-F]{2})+$/.test(value)) add(new Uint8Array(Buffer.from(value.replace(/^0x/, ""), "hex")));
      if (/^[A-Za-z0-9+/_-]+=*$/.test(value)) for (const encoding of ["base64", "base64url"] as const) add(new Uint8Array(Buffer.from(value, encoding)));
      if (value.startsWith("{")) {
        try {
          Object.values(JSON.parse(value) as Record<string, unknown>).forEach(visit);
        } catch {
          // not JSON
        }
      }
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  for (const rows of Object.values(dump)) for (const row of rows) Object.values(row).forEach(visit);
  return [...out.values()];
}

/**
 * The breach: the whole database and every KEK. Everything the server's code could do with them —
 * open each wallet, each key, each share, derive every purpose key from the server secret — and
 * then every combination of the auth share with every other value as a second share, every value
 * as entropy, every 32-byte value as a passkey's PRF output. Answers the addresses it can sign for.
 */
async function breach(url: string, ring: KeyRing, options: { dump?: Dump; alsoTargets?: string[] } = {}): Promise<Set<string>> {
  const dump = options.dump ?? (await dumpDatabase(url));
  // An account whose frame has not made its wallet yet has a row without addresses (custody none).
  const wallets = (dump.wallets as { org_id: string; address: string | null; solana_address: string | null; kek_id: string | null; wrapped_key: Uint8Array | null; sealed_keys: Uint8Array | null; sealed_mnemonic: Uint8Array | null }[]).map(
    (w) => ({ ...w, address: w.address ?? "", solana_address: w.solana_address ?? "" }),
  );
  // Addresses learnt later (a wallet made after this dump was taken) are targets too: the dump must not reach them.
  const targets = new Set([...wallets.map((w) => w.address.toLowerCase()).filter(Boolean), ...(options.alsoTargets ?? []).map((a) => a.toLowerCase())]);
  const compromised = new Set<string>();
  const check = async (entropy: Uint8Array) => {
    if (!isEntropy(entropy)) return;
    const keys = await keysFromEntropy(entropy);
    if (targets.has(keys.address.toLowerCase())) compromised.add(keys.address.toLowerCase());
  };

  for (const wallet of wallets) {
    if (!wallet.kek_id || !wallet.wrapped_key) continue;
    const envelope = { kekId: wallet.kek_id, wrappedKey: wallet.wrapped_key };
    if (wallet.sealed_keys) {
      const keys = await openSigningKeys(ring, wallet.org_id, { ...envelope, sealedKeys: wallet.sealed_keys });
      const signature = await signPayloadWith(
        { address: wallet.address as `0x${string}`, solanaAddress: wallet.solana_address, evmPrivateKey: Buffer.from(keys.evmPrivateKey.slice(2), "hex"), solanaPrivateKey: keys.solanaPrivateKey },
        { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("drain"), signWith: wallet.address },
      );
      if ((await recoverAddress({ hash: hashMessage("drain"), signature })).toLowerCase() === wallet.address.toLowerCase()) compromised.add(wallet.address.toLowerCase());
    }
    if (wallet.sealed_mnemonic) {
      const derived = await deriveWallet(new TextDecoder().decode(await openMnemonic(ring, wallet.org_id, { ...envelope, sealedMnemonic: wallet.sealed_mnemonic })));
      if (targets.has(derived.address.toLowerCase())) compromised.add(derived.address.toLowerCase());
    }
  }

  const readings = byteReadings(dump);
  // The server secret (wrapped by the KEK) gives every purpose key, the custody key among them.
  for (const secret of dump.server_secrets as { name: string; kek_id: string; wrapped_key: Uint8Array }[]) {
    const secrets = createSecrets(await openEnvelope(ring, { kekId: secret.kek_id, wrappedKey: secret.wrapped_key }, serverSecretContext(secret.name)));
    for (const purpose of PURPOSES) readings.push(secrets.key(purpose));
    readings.push(custodyTargetKey(secrets).privateKey);
  }
  const authShares: Uint8Array[] = [];
  for (const row of dump.wallet_shares as { org_id: string; kek_id: string; wrapped_key: Uint8Array; sealed_auth_share: Uint8Array; recovery_box: string }[]) {
    const authShare = await openAuthShare(ring, row.org_id, { kekId: row.kek_id, wrappedKey: row.wrapped_key, sealedAuthShare: row.sealed_auth_share });
    authShares.push(authShare);
    const wallet = wallets.find((w) => w.org_id === row.org_id)!;
    const box = parseRecoveryBox(row.recovery_box);
    for (const candidate of readings.filter((r) => r.length === 32)) {
      const recovery = await unlockRecoveryShare({ ...box, kind: "passkey" }, { kind: "passkey", prfOutput: candidate }, { address: wallet.address, solanaAddress: wallet.solana_address }).catch(() => undefined);
      if (recovery) await check(await joinShares(authShare, recovery));
    }
  }
  readings.push(...authShares);
  for (const candidate of readings) await check(candidate);
  for (const authShare of authShares) {
    for (const candidate of readings) {
      if (candidate.length !== authShare.length || candidate === authShare) continue;
      const entropy = await joinShares(authShare, candidate).catch(() => undefined);
      if (entropy) await check(entropy);
    }
  }
  return compromised;
}

async function startWith(url: string, keys: string, custody: CustodyMode, logs: string[]): Promise<RunningServer> {
  return startServer({ port: 0, database: { engine: "postgres", url }, keyEncryptionKeys: keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: keys }), custody, log: (line) => logs.push(line) });
}

async function serverSigns(client: EmulatorClient, user: User, session: Session): Promise<number> {
  const body = signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("by the server"), signWith: user.address });
  return (await client.post("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, body, session) })).status;
}

describe("split custody against a breach of the server (PostgreSQL)", () => {
  it("the whole database, every KEK and the server's logs sign for a server-custody wallet, and for no split one; a wallet moved after consent loses its server copy", async () => {
    const url = await cluster.createDatabase();
    const [oldKey, newKeyText] = [newKey(), newKey()];
    const logs: string[] = [];

    // A wallet created by a server in server custody, under the old KEK.
    let server = await startWith(url, oldKey, "server", logs);
    let client = new EmulatorClient(server.url);
    const heldEmail = uniqueEmail("held");
    const held = await client.signUp(heldEmail);
    await server.stop();

    // The operator turns split custody on and rotates the KEK; a new user's wallet is made and split by their frame.
    server = await startWith(url, `${newKeyText},${oldKey}`, "split", logs);
    client = new EmulatorClient(server.url);
    const ring = keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: `${newKeyText},${oldKey}` })!;
    try {
      const signedUp = await client.signUp(uniqueEmail("split"));
      // The window this closes: a dump (a backup) taken during sign-up, before the frame uploaded. The
      // account is there, without a mnemonic, a key, a data key or even an address; no shares yet.
      const duringSignUp = await dumpDatabase(url);
      expect(duringSignUp.wallets!.find((w) => w.org_id === signedUp.user.orgId)).toMatchObject({
        custody: "none",
        address: null,
        solana_address: null,
        sealed_mnemonic: null,
        sealed_keys: null,
        kek_id: null,
        wrapped_key: null,
      });
      expect(duringSignUp.wallet_shares!.some((row) => row.org_id === signedUp.user.orgId)).toBe(false);
      const code = newRecoveryCode();
      const split = await splitAsFrame(client, signedUp.session, signedUp.target, { kind: "code", code });
      const fresh = { ...signedUp, user: { ...signedUp.user, address: split.address, solanaAddress: split.solanaAddress } };
      // That dump and every KEK reach nothing of the wallet made since.
      expect((await breach(url, ring, { dump: duringSignUp, alsoTargets: [split.address] })).has(split.address.toLowerCase())).toBe(false);

      // The user's frame signs with the device share and the auth share the server released to it.
      const released = await releasedShares(client, fresh.session, fresh.target);
      const hash = hashMessage("split custody");
      const signature = await withWalletKeys(split.device, released.authShare, fresh.user, (keys) =>
        signPayloadWith(keys, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: fresh.user.address }),
      );
      expect(await recoverAddress({ hash, signature })).toBe(fresh.user.address);
      // The recovery code and the box rebuild the wallet with the auth share (a new device).
      const recovery = await unlockRecoveryShare(released.recoveryBox, { kind: "code", code }, fresh.user);
      expect((await keysFromEntropy(await joinShares(released.authShare, recovery))).address).toBe(fresh.user.address);

      // The server itself cannot sign for the split wallet, and still signs for the held one.
      expect(await serverSigns(client, fresh.user, fresh.session)).toBe(409);
      expect(await serverSigns(client, held.user, await client.signIn(heldEmail, held.target))).toBe(200);

      const compromised = await breach(url, ring);
      expect(compromised.has(held.user.address.toLowerCase())).toBe(true); // the attack works where the server holds the key
      expect(compromised.has(fresh.user.address.toLowerCase())).toBe(false);

      // Nothing the client holds appears anywhere in the database or the server's logs.
      const dumpText = JSON.stringify(await dumpDatabase(url), (_, v) => (v?.type === "Buffer" ? Buffer.from(v.data).toString("hex") : v));
      const entropy = await joinShares(split.device, released.authShare);
      const evmKey = Buffer.from((await keysFromEntropy(entropy)).evmPrivateKey).toString("hex");
      const secrets = [mnemonicOf(entropy), Buffer.from(entropy).toString("hex"), Buffer.from(split.device).toString("hex"), Buffer.from(split.device).toString("base64"), code, evmKey];
      const duringText = JSON.stringify(duringSignUp, (_, v) => (v?.type === "Buffer" ? Buffer.from(v.data).toString("hex") : v));
      for (const secret of secrets) {
        expect(dumpText).not.toContain(secret);
        expect(duringText).not.toContain(secret);
        expect(logs.join("\n")).not.toContain(secret);
      }

      // The held wallet moves to split custody on its user's consent: the server's copy is destroyed.
      const heldSession = await client.signIn(heldEmail, held.target);
      await splitAsFrame(client, heldSession, held.target, { kind: "code", code: newRecoveryCode() });
      const moved = (await dumpDatabase(url)).wallets!.find((w) => w.org_id === held.user.orgId)!;
      expect(moved).toMatchObject({ custody: "split", sealed_mnemonic: null, sealed_keys: null, kek_id: null, wrapped_key: null, address: held.user.address });
      expect(await serverSigns(client, held.user, heldSession)).toBe(409);
      expect((await breach(url, ring)).size).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it("rotate-keys re-wraps the auth shares' data keys: after rotation the old KEK can go and the frame still gets its share", async () => {
    const url = await cluster.createDatabase();
    const [oldKey, newKeyText] = [newKey(), newKey()];
    const logs: string[] = [];
    let server = await startWith(url, oldKey, "split", logs);
    const email = uniqueEmail("rotate");
    const client = new EmulatorClient(server.url);
    const { target } = await client.signUp(email);
    const split = await splitAsFrame(client, await client.signIn(email, target), target, { kind: "code", code: newRecoveryCode() });
    const user = { address: split.address };
    await server.stop();
    await rotateKeysCommand({ DATABASE_URL: url, LATCH_SECRET_KEY: `${newKeyText},${oldKey}` }, (line) => logs.push(line));
    const newId = keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: newKeyText })!.sealing.id;
    expect((await dumpDatabase(url)).wallet_shares!.map((row) => row.kek_id)).toEqual([newId]);
    server = await startWith(url, newKeyText, "split", logs);
    try {
      const again = new EmulatorClient(server.url);
      const released = await releasedShares(again, await again.signIn(email, target), target);
      expect((await keysFromEntropy(await joinShares(split.device, released.authShare))).address).toBe(user.address);
    } finally {
      await server.stop();
    }
  });
});
