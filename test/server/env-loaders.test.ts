import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { databaseFromEnv, describeDatabase } from "../../server/db/config";
import { keyEncryptionKeysFromEnv } from "../../server/custody/env";
import { localKeyEncryptionKey } from "../../server/custody/keyEncryptionKey";

describe("databaseFromEnv", () => {
  it("uses the embedded database without DATABASE_URL, PostgreSQL with one", () => {
    expect(databaseFromEnv({})).toEqual({ engine: "pglite" });
    expect(databaseFromEnv({ DATABASE_URL: "  " })).toEqual({ engine: "pglite" });
    expect(databaseFromEnv({ DATABASE_URL: "postgres://u:p@db:5432/latch" })).toEqual({ engine: "postgres", url: "postgres://u:p@db:5432/latch" });
    expect(databaseFromEnv({ DATABASE_URL: "postgresql://u@db/latch", DATABASE_POOL_SIZE: "25" })).toEqual({
      engine: "postgres",
      url: "postgresql://u@db/latch",
      poolSize: 25,
    });
  });

  it("refuses a malformed value with one line naming the variable, never echoing a password", () => {
    expect(() => databaseFromEnv({ DATABASE_URL: "not a url" })).toThrow(/^DATABASE_URL must be a URL/);
    expect(() => databaseFromEnv({ DATABASE_URL: "mysql://u:secret@db/x" })).toThrow(/^DATABASE_URL must start with postgres:\/\//);
    expect(() => databaseFromEnv({ DATABASE_URL: "mysql://u:secret@db/x" })).not.toThrow(/secret/);
    expect(() => databaseFromEnv({ DATABASE_URL: "postgres://db/x", DATABASE_POOL_SIZE: "lots" })).toThrow(/^DATABASE_POOL_SIZE must be a whole number/);
    expect(describeDatabase({ engine: "postgres", url: "postgres://u:secret@db/x" })).not.toContain("secret");
  });
});

describe("keyEncryptionKeysFromEnv", () => {
  const key = () => randomBytes(32);

  it("reads one key or several (the first seals, all open), base64 or hex, inline or from a file", async () => {
    expect(keyEncryptionKeysFromEnv({})).toBeUndefined();
    const [k1, k2] = [key(), key()];
    const ring = keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: `${k1.toString("base64")}, ${k2.toString("hex")}` })!;
    expect(ring.keys.map((k) => k.id)).toEqual([localKeyEncryptionKey(k1).id, localKeyEncryptionKey(k2).id]);
    expect(ring.sealing.id).toBe(localKeyEncryptionKey(k1).id);
    const wrapped = await localKeyEncryptionKey(k2).wrap(new Uint8Array(32).fill(7), "ctx");
    expect(await ring.byId(localKeyEncryptionKey(k2).id)!.unwrap(wrapped, "ctx")).toEqual(new Uint8Array(32).fill(7));
    const fromFile = keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY_FILE: "/run/secrets/kek" }, (path) => (path === "/run/secrets/kek" ? `${k2.toString("base64url")}\n` : ""));
    expect(fromFile!.sealing.id).toBe(localKeyEncryptionKey(k2).id);
  });

  it("refuses a wrong length, both variables, or an unreadable file, in one line naming the variable", () => {
    expect(() => keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: randomBytes(16).toString("base64") })).toThrow(/^LATCH_SECRET_KEY must be 32 bytes as base64/);
    expect(() => keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: `${key().toString("hex")},nope` })).toThrow(/^LATCH_SECRET_KEY \(key 2\) must be 32 bytes/);
    expect(() => keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY: key().toString("hex"), LATCH_SECRET_KEY_FILE: "/x" })).toThrow(/both set/);
    expect(() =>
      keyEncryptionKeysFromEnv({ LATCH_SECRET_KEY_FILE: "/missing" }, () => {
        throw Object.assign(new Error("gone"), { code: "ENOENT" });
      }),
    ).toThrow("LATCH_SECRET_KEY_FILE: cannot read /missing (ENOENT)");
  });

  it("never opens a data key wrapped for another record (the context is bound)", async () => {
    const kek = localKeyEncryptionKey(key());
    const wrapped = await kek.wrap(new Uint8Array(32), "wallet\norg-a");
    await expect(kek.unwrap(wrapped, "wallet\norg-b")).rejects.toThrow();
  });
});
