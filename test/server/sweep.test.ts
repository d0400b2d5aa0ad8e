import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../server/context";
import { openDatabase } from "../../server/db/open";
import type { Database } from "../../server/db/sql";
import { pruneExpired } from "../../server/maintenance";
import { DEFAULT_LIMITS } from "../../server/options";
import { serverMethods } from "../../server/methods";

const methods = serverMethods();
let db: Database;
beforeAll(async () => {
  db = await openDatabase(undefined, { methods });
});
afterAll(() => db?.close());

describe("the expiry sweeper", () => {
  it("deletes a bounded batch of expired rows per table per run, and nothing still valid", async () => {
    const now = Date.now();
    await db.query("insert into used_tokens (hash, expires_at) select 'old-' || i, $1 from generate_series(1, 2500) i", [now - 1]);
    await db.query("insert into used_tokens (hash, expires_at) select 'live-' || i, $1 from generate_series(1, 10) i", [now + 60_000]);
    const ctx = { db, now: () => now, limits: DEFAULT_LIMITS, methods } as unknown as ServerContext;
    const runs = [];
    for (let i = 0; i < 4; i++) runs.push((await pruneExpired(ctx, 1000)).used_tokens);
    expect(runs).toEqual([1000, 1000, 500, 0]);
    expect((await db.query<{ n: number }>("select count(*)::int as n from used_tokens", [])).rows[0]!.n).toBe(10);
  });

  it("keeps an import bundle a day past its expiry (a late import is told it expired), then deletes it", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await db.query("insert into users (org_id, user_id, created_at) values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-0000000000bb', $1)", [now]);
    for (const [key, expiresAt] of [["recently-expired", now - 1], ["long-expired", now - day - 1], ["live", now + 60_000]] as const) {
      await db.query(
        "insert into import_bundles (target_public_key, org_id, user_id, sealed_private_key, expires_at, created_at) values ($1, '00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-0000000000bb', '\\x00', $2, $3)",
        [key, expiresAt, now],
      );
    }
    const ctx = { db, now: () => now, limits: DEFAULT_LIMITS, methods } as unknown as ServerContext;
    expect((await pruneExpired(ctx)).import_bundles).toBe(1);
    expect((await db.query<{ key: string }>("select target_public_key as key from import_bundles order by key", [])).rows.map((row) => row.key)).toEqual(["live", "recently-expired"]);
  });

  it("sweeps the expiring rows a method declares in its own tables (the oauth method's prepared sign-ins)", async () => {
    const now = Date.now();
    for (const [key, expiresAt] of [["00000000-0000-4000-8000-00000000000e", now - 1], ["00000000-0000-4000-8000-00000000000f", now + 60_000]] as const) {
      await db.query("insert into oauth_requests (request_key, code_verifier, nonce, expires_at, created_at) values ($1, 'v', 'n', $2, $3)", [key, expiresAt, now]);
    }
    const ctx = { db, now: () => now, limits: DEFAULT_LIMITS, methods } as unknown as ServerContext;
    expect((await pruneExpired(ctx)).oauth_requests).toBe(1);
    expect((await db.query<{ key: string }>("select request_key::text as key from oauth_requests", [])).rows.map((row) => row.key)).toEqual(["00000000-0000-4000-8000-00000000000f"]);
  });
});
