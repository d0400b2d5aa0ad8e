// A passkey sign-in leaves no session key, so the server records the time it holds in passkey_sessions
// (migration 12; before, as 'passkey-session:<org>' markers among the one-time values in used_tokens).
// The record lives in the database: a restarted server (and any other instance) still knows it, the
// sweeper drops it once expired, and the migration moves the markers an older database holds.
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { startServer } from "../../server/index";
import type { ServerContext } from "../../server/context";
import { migrate } from "../../server/db/migrate";
import { pruneExpired } from "../../server/maintenance";
import { DEFAULT_LIMITS } from "../../server/options";
import { addUser, useDatabases } from "./support/database";
import { EmulatorClient, type User } from "./support/client";
import { APP_ORIGIN, SoftPasskey } from "./support/passkey";

const databases = useDatabases();
const { methods } = databases;
const migratedDatabase = () => databases.migrated();

const ORG = "00000000-0000-4000-8000-0000000000c1";
const GONE_ORG = "00000000-0000-4000-8000-0000000000c2";

describe("passkey sign-ins", () => {
  it("are recorded in passkey_sessions, not among the one-time values, and still count after a restart", async () => {
    const dir = databases.dataDir("passkey-sessions");
    const passkey = new SoftPasskey();
    const first = await startServer({ dataDir: dir, port: 0 });
    let user: User;
    try {
      user = await new EmulatorClient(first.url).ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
      const body = JSON.stringify({ organizationId: user.orgId, timestampMs: String(Date.now()) });
      const whoami = { url: "https://api.turnkey.com/public/v1/query/whoami", body, stamp: passkey.stamp(body) };
      await new EmulatorClient(first.url).ok("whoami", { stampedRequest: whoami });
    } finally {
      await first.stop();
    }

    const db = new PGlite(join(dir, "pgdata"));
    try {
      expect((await db.query("select org_id from passkey_sessions")).rows).toEqual([{ org_id: user.orgId }]);
      expect((await db.query("select hash from used_tokens where hash like 'passkey-session:%'")).rows).toEqual([]);
    } finally {
      await db.close();
    }

    const second = await startServer({ dataDir: dir, port: 0 });
    try {
      // Account Kit's unstamped list answers only for an organisation signed in now: the passkey's sign-in, kept across the restart.
      const listed = await new EmulatorClient(second.url).post("list-auth-methods", { suborgId: user.orgId });
      expect(listed).toMatchObject({ status: 200, body: { passkeys: [{ authenticatorId: expect.any(String) }] } });
    } finally {
      await second.stop();
    }
  });

  it("are swept once expired, and not before", async () => {
    const db = await migratedDatabase();
    const now = Date.now();
    await addUser(db, ORG, "00000000-0000-4000-8000-0000000000d1");
    await addUser(db, GONE_ORG, "00000000-0000-4000-8000-0000000000d2");
    await db.query("insert into passkey_sessions (org_id, expires_at) values ($1, $2), ($3, $4)", [ORG, now + 60_000, GONE_ORG, now - 1]);
    const ctx = { db, now: () => now, limits: DEFAULT_LIMITS, methods } as unknown as ServerContext;
    expect((await pruneExpired(ctx)).passkey_sessions).toBe(1);
    expect((await db.query("select org_id from passkey_sessions")).rows).toEqual([{ org_id: ORG }]);
  });

  it("recorded as markers in used_tokens by an older server move to passkey_sessions with migration 12 (their expiry kept; an organisation deleted since is dropped)", async () => {
    const db = await migratedDatabase();
    // The database as migration 11 left it, with what the older server stored.
    await db.query("drop table passkey_sessions", []);
    await db.query("delete from schema_migrations where version = 12", []);
    await addUser(db, ORG, "00000000-0000-4000-8000-0000000000d1");
    await db.query("insert into used_tokens (hash, expires_at) values ($1, 100), ($2, 200), ('stamp-hash-1', 300)", [`passkey-session:${ORG}`, `passkey-session:${GONE_ORG}`]);

    expect(await migrate(db, methods)).toEqual([12]);
    expect((await db.query("select org_id, expires_at from passkey_sessions")).rows).toEqual([{ org_id: ORG, expires_at: 100 }]);
    expect((await db.query("select hash from used_tokens order by hash")).rows).toEqual([{ hash: "stamp-hash-1" }]);
  });
});
