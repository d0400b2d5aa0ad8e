import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { hashMessage, recoverAddress } from "viem";
import { migrateCommand, rotateKeysCommand } from "../../server/admin";
import { keyEncryptionKeysFromEnv } from "../../server/custody/env";
import { startServer, type RunningServer } from "../../server/index";
import { createSecrets, masterSecretFromSeed } from "../../server/crypto/secrets";
import { deriveWallet, newMnemonic } from "../../server/crypto/wallet";
import { EmulatorClient, SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stamp, stampedRequest, type Session, type User } from "../server/support/client";
import { exportFrameSigningKey } from "../server/support/exportBundle";
import { sealToImportBundle } from "../server/support/importBundle";
import { keyManagement } from "../server/support/passkey";
import { uniqueEmail } from "../server/support/emulator";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(() => cluster?.destroy());

const newKey = () => randomBytes(32).toString("base64");

async function rows<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

function start(url: string, secretKey: string): Promise<RunningServer> {
  return startServer({ port: 0, database: { engine: "postgres", url }, keyEncryptionKeys: keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: secretKey }) });
}

async function signs(server: RunningServer, user: User, session: Session, message: string, signWith: string = user.address): Promise<`0x${string}`> {
  const hash = hashMessage(message);
  const { signature } = await new EmulatorClient(server.url).ok("sign-payload", {
    stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith }), session),
  });
  return recoverAddress({ hash, signature });
}

describe("envelope custody and key rotation", () => {
  it("gives a wallet sealed before envelope custody (mnemonic only) a data key at its first signature", async () => {
    const url = await cluster.createDatabase();
    const seed = "legacy-wallets";
    const server = await startServer({ port: 0, seed, database: { engine: "postgres", url }, keyEncryptionKeys: keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: newKey() }) });
    try {
      const { user, session } = await new EmulatorClient(server.url).signUp(uniqueEmail("legacy"));
      // Rewrite the wallet the way an older server stored it: the mnemonic sealed under the server secret's wallet key.
      const mnemonic = newMnemonic();
      const keys = await deriveWallet(mnemonic);
      const legacy = createSecrets(masterSecretFromSeed(seed)).seal("wallet-at-rest", new TextEncoder().encode(mnemonic), user.orgId);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query("update wallets set address = $2, sealed_mnemonic = $3, kek_id = null, wrapped_key = null, sealed_keys = null where org_id = $1", [
        user.orgId,
        keys.address,
        legacy,
      ]);
      await client.end();
      const legacyUser = { ...user, address: keys.address };
      expect(await signs(server, legacyUser, session, "first")).toBe(keys.address);
      expect(await rows(url, "select count(*)::int as n from wallets where kek_id is not null and sealed_keys is not null")).toEqual([{ n: 1 }]);
      expect(await signs(server, legacyUser, session, "second")).toBe(keys.address);
    } finally {
      await server.stop();
    }
  });

  it("seals each wallet under its own data key, wrapped by the KEK it names", async () => {
    const url = await cluster.createDatabase();
    const server = await start(url, newKey());
    try {
      const a = await new EmulatorClient(server.url).signUp(uniqueEmail("custody"));
      const b = await new EmulatorClient(server.url).signUp(uniqueEmail("custody"));
      const stored = await rows<{ kek_id: string; wrapped_key: Buffer; sealed_keys: Buffer }>(url, "select kek_id, wrapped_key, sealed_keys from wallets");
      expect(stored).toHaveLength(2);
      expect(new Set(stored.map((r) => r.kek_id)).size).toBe(1);
      expect(stored[0]!.kek_id).toMatch(/^local:[0-9a-f]{16}$/);
      // Two wallets, two data keys; the signing keys sealed (12-byte iv, 64 bytes, 16-byte tag).
      expect(stored[0]!.wrapped_key.equals(stored[1]!.wrapped_key)).toBe(false);
      expect(stored.map((r) => r.sealed_keys.length)).toEqual([92, 92]);
      expect(await signs(server, a.user, a.session, "a")).toBe(a.user.address);
      expect(await signs(server, b.user, b.session, "b")).toBe(b.user.address);
    } finally {
      await server.stop();
    }
  });

  it("signs, rotates, restarts without the old key, and the same address still signs", async () => {
    const url = await cluster.createDatabase();
    const [oldKey, newKeyText] = [newKey(), newKey()];
    const log: string[] = [];
    await migrateCommand({ DATABASE_URL: url }, (line) => log.push(line));
    await migrateCommand({ DATABASE_URL: url }, (line) => log.push(line));
    expect(log[0]).toMatch(/^Applied migrations 1, 2, 3, 4, 5/);
    expect(log[1]).toMatch(/is up to date/);

    let server = await start(url, oldKey);
    const { user, session } = await new EmulatorClient(server.url).signUp(uniqueEmail("rotate"));
    expect(await signs(server, user, session, "before")).toBe(user.address);
    // An imported wallet, sealed under a data key of its own: rotation re-wraps that one too.
    const km = (operation: string, body: object) => keyManagement(server.url, operation, body, (text) => stamp(text, session));
    const initiated = await km("submit/init_import_wallet", { type: "ACTIVITY_TYPE_INIT_IMPORT_WALLET", timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { userId: user.userId } });
    const encryptedBundle = await sealToImportBundle(initiated.body.activity.result.initImportWalletResult.importBundle, await exportFrameSigningKey(server.url), newMnemonic());
    const accounts = [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", path: "m/44'/60'/0'/0/3", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }];
    const imported = await km("submit/import_wallet", { type: "ACTIVITY_TYPE_IMPORT_WALLET", timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { userId: user.userId, walletName: "rotated", encryptedBundle, accounts } });
    const [importedAddress] = imported.body.activity.result.importWalletResult.addresses;
    expect(await signs(server, user, session, "imported, before", importedAddress)).toBe(importedAddress);
    await server.stop();

    // The new key alone cannot open what the old one sealed: the server says which key is missing.
    await expect(start(url, newKeyText)).rejects.toThrow(/No key-encryption key with id local:[0-9a-f]{16} is configured/);

    await rotateKeysCommand({ DATABASE_URL: url, LATCH_SECRET_KEY: `${newKeyText},${oldKey}` }, (line) => log.push(line));
    expect(log[2]).toMatch(/^Re-sealed under local:[0-9a-f]{16}: server_secrets 1, wallets 1, multi_owner_orgs 0, imported_wallets 1/);
    const newId = keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: newKeyText })!.sealing.id;
    expect(
      await rows(url, "select distinct kek_id from wallets union select distinct kek_id from server_secrets union select distinct kek_id from imported_wallets"),
    ).toEqual([{ kek_id: newId }]);

    server = await start(url, newKeyText);
    try {
      expect(await signs(server, user, session, "after")).toBe(user.address);
      expect(await signs(server, user, session, "imported, after", importedAddress)).toBe(importedAddress);
    } finally {
      await server.stop();
    }
  });
});
