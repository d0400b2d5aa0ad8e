// Step-up proofs are rows of their own table, step_ups (migration 15; before, 'step-up:<org>:<credential>'
// markers among the one-time values in used_tokens): a restarted server (and any other instance, see
// test/postgres/scale-out.test.ts) honours them, the sweeper drops them once expired, and the migration
// moves the markers an older database holds.
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server/index";
import type { ServerContext } from "../../server/context";
import { migrate } from "../../server/db/migrate";
import { pruneExpired } from "../../server/maintenance";
import { DEFAULT_LIMITS } from "../../server/options";
import { addUser, useDatabases } from "./support/database";
import { freshnessOf, recordStepUp } from "../../server/store/stepUps";
import { EmulatorClient, newTargetKey, stamp, type Session, type User } from "./support/client";
import { TestClock } from "./support/emulator";
import { keyManagement } from "./support/passkey";

const databases = useDatabases();
const { methods } = databases;
const migratedDatabase = () => databases.migrated();

const ORG = "00000000-0000-4000-8000-0000000000e1";
const GONE_ORG = "00000000-0000-4000-8000-0000000000e2";
const KEY = "api-key:02aa";

const FIVE_MINUTES = 5 * 60_000;

/** export_wallet_account stamped by the session, at the server's clock. */
function exportKey(server: RunningServer, clock: TestClock, user: User, session: Session) {
  const body = { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: String(clock.now()), organizationId: user.orgId, parameters: { address: user.address, targetPublicKey: newTargetKey().publicKey } };
  return keyManagement(server.url, "submit/export_wallet_account", body, (text) => stamp(text, session));
}

describe("step-up proofs", () => {
  it("are rows of step_ups, not one-time values, and a restarted server still honours them", async () => {
    const dir = databases.dataDir("step-ups");
    const clock = new TestClock();
    const first = await startServer({ dataDir: dir, port: 0, now: clock.now });
    let user: User;
    let session: Session;
    const email = `step-ups-${Date.now()}@example.test`;
    try {
      const client = new EmulatorClient(first.url);
      ({ user, session } = await client.signUp(email));
      // Past the minutes in which the sign-in is its own proof: the session needs a step-up.
      clock.advance(FIVE_MINUTES);
      expect((await exportKey(first, clock, user, session)).body.code).toBe("STEP_UP_REQUIRED");
      expect((await client.stepUp(session, user.address, { contact: email }, clock.now())).status).toBe(200);
    } finally {
      await first.stop();
    }

    const db = new PGlite(join(dir, "pgdata"));
    try {
      expect((await db.query("select org_id, credential from step_ups")).rows).toEqual([{ org_id: user.orgId, credential: `api-key:${session.apiPublicKey}` }]);
      expect((await db.query("select hash from used_tokens where hash like 'step-up:%'")).rows).toEqual([]);
    } finally {
      await db.close();
    }

    const second = await startServer({ dataDir: dir, port: 0, now: clock.now });
    try {
      expect((await exportKey(second, clock, user, session)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it("are swept once expired, and not before; an expired one proves nothing even before the sweep", async () => {
    const db = await migratedDatabase();
    const now = Date.now();
    await addUser(db, ORG, "00000000-0000-4000-8000-0000000000f1");
    await recordStepUp(db, ORG, KEY, now + 60_000);
    await recordStepUp(db, ORG, "api-key:02bb", now - 1);
    expect((await freshnessOf(db, ORG, KEY, now)).stepUp).toBe(true);
    expect((await freshnessOf(db, ORG, "api-key:02bb", now)).stepUp).toBe(false);
    const ctx = { db, now: () => now, limits: DEFAULT_LIMITS, methods } as unknown as ServerContext;
    expect((await pruneExpired(ctx)).step_ups).toBe(1);
    expect((await db.query("select credential from step_ups")).rows).toEqual([{ credential: KEY }]);
  });

  it("recorded as markers in used_tokens by an older server move to step_ups with migration 15 (their expiry kept; an organisation deleted since is dropped)", async () => {
    const db = await migratedDatabase();
    // The database as migration 14 left it, with what the older server stored.
    await db.query("drop table step_ups", []);
    await db.query("delete from schema_migrations where version = 15", []);
    await addUser(db, ORG, "00000000-0000-4000-8000-0000000000f1");
    await db.query("insert into used_tokens (hash, expires_at) values ($1, 100), ($2, 200), ('stamp-hash-1', 300)", [`step-up:${ORG}:${KEY}`, `step-up:${GONE_ORG}:${KEY}`]);

    expect(await migrate(db, methods)).toEqual([15]);
    expect((await db.query("select org_id, credential, expires_at from step_ups")).rows).toEqual([{ org_id: ORG, credential: KEY, expires_at: 100 }]);
    expect((await db.query("select hash from used_tokens order by hash")).rows).toEqual([{ hash: "stamp-hash-1" }]);
  });
});
