// A sign-in method published as its own package (test/fixtures/third-party-method, installed outside
// the repository with its own arktype and Hono) served by the engine like a built-in one: migrate
// creates its table, its route signs a user in, its bad bodies and its exceptions answer the engine's
// JSON, its codes are hashed under its own key.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateCommand } from "../../server/admin";
import { openPglite } from "../../server/db/pglite";
import type { ServerMethod } from "../../server/method-kit";
import { newTargetKey, sessionFromBundle, whoamiRequest } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { installMethodPackage, resolvedFrom } from "./support/methodPackage";

let installed: Awaited<ReturnType<typeof installMethodPackage>>;
let method: ServerMethod;
let dataDir: string;
let tableAfterMigrate: { table: string | null; recorded: number };
let t: TestServer;

beforeAll(async () => {
  installed = await installMethodPackage("third-party-method");
  method = await installed.load();
  dataDir = mkdtempSync(join(tmpdir(), "latch-third-party-"));
  await migrateCommand({ LATCH_DATA_DIR: dataDir }, () => undefined, [method]);
  const db = await openPglite(join(dataDir, "pgdata"));
  try {
    const table = (await db.query<{ t: string | null }>("select to_regclass('invite_codes')::text as t", [])).rows[0]!.t;
    const recorded = (await db.query<{ n: number }>("select count(*)::int as n from method_migrations where id = 'invite-code/001-codes'", [])).rows[0]!.n;
    tableAfterMigrate = { table, recorded };
  } finally {
    await db.close();
  }
  t = await startTestServer({ dataDir, memory: false, migrate: false, methods: [method], hooks: { onUnexpectedError: () => undefined } });
}, 240_000);
afterAll(async () => {
  await t?.emulator.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a method from a package of its own", () => {
  it("brings its own arktype and Hono, not the repository's", () => {
    for (const library of ["arktype", "hono/http-exception"]) {
      expect(resolvedFrom(installed.dir, library)).toContain(join(installed.dir, "node_modules"));
      expect(resolvedFrom(installed.dir, library)).not.toBe(resolvedFrom(process.cwd(), library));
    }
  });

  it("gets its table from migrate (the server then starts without migrating)", () => {
    expect(tableAfterMigrate).toEqual({ table: "invite_codes", recorded: 1 });
  });

  it("signs a user in through its route: the bundle opens with the frame key and the session's stamp is the user's", async () => {
    const email = uniqueEmail("invite");
    const { code } = await t.client.ok<{ code: string }>("invite-code-issue", { email });
    const target = newTargetKey();
    const answer = await t.client.ok<{ orgId: string; credentialBundle: string }>("invite-code-auth", { code, targetPublicKey: target.publicKey });
    const session = await sessionFromBundle(answer.orgId, answer.credentialBundle, target);
    const whoami = await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) });
    expect([whoami.orgId, whoami.email]).toEqual([answer.orgId, email]);
    // Once only.
    const again = await t.client.post("invite-code-auth", { code, targetPublicKey: newTargetKey().publicKey });
    expect([again.status, again.body.code]).toEqual([401, "INVALID_INVITE_CODE"]);
  });

  it("answers a bad body 400 with the engine's error shape, validated by its own arktype", async () => {
    const bad = await t.client.post("invite-code-auth", { code: "", targetPublicKey: "not a key" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_REQUEST", error: bad.body.message });
    expect(bad.body.details.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["code", "targetPublicKey"]);
    const notAnEmail = await t.client.post("invite-code-issue", { email: "nope" });
    expect([notAnEmail.status, notAnEmail.body.code, notAnEmail.body.details.issues[0].path]).toEqual([400, "INVALID_REQUEST", "email"]);
  });

  it("answers an exception inside it with the engine's 500 JSON, and its own Hono's HTTPException with its status as JSON", async () => {
    const crash = await t.client.post("invite-code-auth", { code: "throw", targetPublicKey: newTargetKey().publicKey });
    expect(crash.status).toBe(500);
    expect(crash.headers.get("content-type")).toMatch(/application\/json/);
    expect(crash.body).toMatchObject({ code: "INTERNAL" });
    const blocked = await t.client.post("invite-code-issue", { email: "someone@blocked.test" });
    expect([blocked.status, blocked.body.code, blocked.body.message]).toEqual([403, "HTTP_ERROR", "Invitations to this domain are blocked"]);
  });
});
