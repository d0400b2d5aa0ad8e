// A third-party sign-in method published as its own package, beside the packed latch-server in an
// operator's folder: test/fixtures/third-party-method packed by npm (its own arktype and hono as
// dependencies), installed with the server, listed by name in the config file init wrote. `migrate`
// creates its table in PostgreSQL, `start` serves its routes on the system Node: one signs a user in,
// a bad body answers 400 with the engine's error shape, an exception inside it the engine's 500 JSON.
// Its kit part, installed from the same tarball in a fresh Vite app on the packed kit
// (test/consumers/vite-method), shows its section in the sign-in dialog in Chromium and signs a user
// in through its route against the installed server; the user then signs a message viem verifies.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyMessage } from "viem";
import pg from "pg";
import { watchPage } from "../e2e/support/chromium";
import { EmulatorClient, newTargetKey, sessionFromBundle, whoamiRequest } from "../server/support/client";
import { runIn } from "./support/app";
import { cacheDir, repoRoot } from "./support/package";
import { run, startServer } from "./support/run";
import { startInstalledServer } from "./support/serverPackage";
import { useServerStack } from "./support/serverStack";

const METHOD = "latch-method-invite-code";

/** `npm pack` of the fixture, named by its content hash (a changed fixture is a new dependency to npm). */
async function packMethod(): Promise<string> {
  const packDir = join(cacheDir, "pack-methods");
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  await run("npm", ["pack", "--pack-destination", packDir], { cwd: join(repoRoot, "test/fixtures/third-party-method") });
  const [packed] = readdirSync(packDir);
  const hash = createHash("sha256").update(readFileSync(join(packDir, packed!))).digest("hex").slice(0, 12);
  const tarball = join(packDir, `${METHOD}-${hash}.tgz`);
  renameSync(join(packDir, packed!), tarball);
  return tarball;
}

let packed: Promise<string> | undefined;
const method = async () => ({ [METHOD]: `file:${await (packed ??= packMethod())}` });
const stack = useServerStack({ folderName: "latch-server-with-method", dependencies: method, appName: "vite-method", appDependencies: method });

describe("a method package listed in the operator's config", () => {
  it("is installed beside the server with its own dependencies declared", () => {
    const manifest = JSON.parse(readFileSync(join(stack.folder.dir, "node_modules", METHOD, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["arktype", "hono"]);
  });

  it("migrate creates its table with the engine's, in PostgreSQL", async () => {
    const { folder, serverPort, appPort, databaseUrl } = stack;
    await folder.command(["init", "--public-url", `http://localhost:${serverPort}`, "--allowed-origin", `http://localhost:${appPort}`, "--database-url", databaseUrl]);
    const configFile = join(folder.dir, "latch.config.mjs");
    const config = readFileSync(configFile, "utf8");
    expect(config).toMatch(/\/\/ methods: \[.*\],/);
    writeFileSync(configFile, config.replace(/\/\/ methods: \[.*\],/, `methods: [${JSON.stringify(METHOD)}],`));
    stack.apiKey = readFileSync(join(folder.dir, "latch.api-keys"), "utf8").trim();
    expect(await folder.command(["migrate"])).toMatch(/^Applied migrations 1, .*invite-code\/001-codes.* to PostgreSQL/m);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect((await client.query<{ t: string | null }>("select to_regclass('invite_codes')::text as t")).rows[0]!.t).toBe("invite_codes");
    } finally {
      await client.end();
    }
  });

  it("start serves its routes: one signs a user in, a bad body answers 400 and an exception 500, both the engine's JSON", async () => {
    const { folder, serverPort, smtp, apiKey } = stack;
    stack.server = await startInstalledServer(folder, { PORT: String(serverPort), SMTP_URL: smtp.url, LATCH_EMAIL_FROM: "Operator <no-reply@operator.example>" });
    const client = new EmulatorClient(stack.server.url);
    const auth = { authorization: `Bearer ${apiKey}` };
    const email = `invited-${Date.now()}@example.com`;
    const { code } = await client.ok<{ code: string }>("invite-code-issue", { email }, auth);
    const target = newTargetKey();
    const answer = await client.ok<{ orgId: string; credentialBundle: string }>("invite-code-auth", { code, targetPublicKey: target.publicKey }, auth);
    const session = await sessionFromBundle(answer.orgId, answer.credentialBundle, target);
    expect((await client.ok("whoami", { stampedRequest: whoamiRequest(session) }, auth)).email).toBe(email);

    const bad = await client.post("invite-code-auth", { code: "", targetPublicKey: "nope" }, auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_REQUEST", error: bad.body.message });
    expect(bad.body.details.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["code", "targetPublicKey"]);

    const crash = await client.post("invite-code-auth", { code: "throw", targetPublicKey: newTargetKey().publicKey }, auth);
    expect([crash.status, crash.headers.get("content-type")?.startsWith("application/json"), crash.body.code]).toEqual([500, true, "INTERNAL"]);
  });

  it("its kit part in a fresh Vite app: its section shows in the dialog, its route signs a user in (Chromium), who signs a message viem verifies", async () => {
    const { app, appPort, browser, server, apiKey } = stack;
    await runIn(app, "vite", ["build"], { VITE_LATCH_SIGNER_URL: server!.url, VITE_LATCH_API_KEY: apiKey! });
    const args = ["preview", "--host", "127.0.0.1", "--port", String(appPort), "--strictPort"];
    stack.preview = await startServer(`${app}/node_modules/.bin/vite`, args, `http://127.0.0.1:${appPort}/`, { cwd: app });
    const email = `invited-in-chromium-${Date.now()}@example.com`;
    const { code } = await new EmulatorClient(server!.url).ok<{ code: string }>("invite-code-issue", { email }, { authorization: `Bearer ${apiKey}` });

    const page = await browser.newPage();
    const watch = watchPage(page);
    await page.goto(`http://localhost:${appPort}/`);
    await page.getByRole("heading", { name: "Latch with an invite code" }).waitFor();
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    // The method's section beside the kit's own email section.
    await dialog.getByRole("textbox", { name: "Email" }).waitFor();
    await dialog.getByRole("button", { name: "Use an invite code" }).click();
    // A code the server refuses: the method's step shows the server's answer and stays.
    await dialog.getByRole("textbox", { name: "Invite code" }).fill("not-a-code");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent(), { timeout: 20_000 }).toMatch(/^That code did not work: /);
    await dialog.getByRole("textbox", { name: "Invite code" }).fill(code);
    await dialog.getByRole("button", { name: "Sign in" }).click();

    const address = (await page.getByTestId("address").textContent({ timeout: 30_000 })) as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await page.getByTestId("email").textContent()).toBe(email);
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole("button", { name: "Sign a message" }).click();
    const signature = (await page.getByTestId("signature").textContent({ timeout: 20_000 })) as `0x${string}`;
    expect(await verifyMessage({ address, message: "invited", signature })).toBe(true);
    // The refused code's 401, as Chromium logs it; nothing else.
    expect(watch.errors).toEqual(["console: Failed to load resource: the server responded with a status of 401 (Unauthorized)"]);
    expect(watch.offLoopback).toEqual([]);
  });
});
