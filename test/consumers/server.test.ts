// The packed server package as an operator gets it: installed by npm into a fresh folder outside the
// repository, `npx latch-server init`, `migrate` and `start` on the machine's own Node (20) against a
// throw-away PostgreSQL and an SMTP server this test runs; then a fresh Vite app on the packed kit
// signs in by email code in Chromium and signs a message viem verifies. The compiled server also runs
// on Node 22 (the repository's pinned Node). Setup is exported (support/serverStack.ts) so a second
// step can add a package to the same folder.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyMessage } from "viem";
import pg from "pg";
import { watchPage } from "../e2e/support/chromium";
import { freePort } from "../e2e/support/wallets/anvil";
import { EmulatorClient, newTargetKey } from "../server/support/client";
import { runIn } from "./support/app";
import { repoRoot } from "./support/package";
import { run, startServer } from "./support/run";
import { megabytes, startInstalledServer, SYSTEM_NODE } from "./support/serverPackage";
import { useServerStack } from "./support/serverStack";

const stack = useServerStack();
const SIGNING_WITH_LIBSECP256K1 = '"secp256k1":"libsecp256k1 (WebAssembly, tiny-secp256k1)","msg":"secp256k1 signing"';
const figures: string[] = [];

describe("latch-server installed from its packed tarball, run on the system Node", () => {
  it("installs with npm alone: the runtime libraries only (no tsx, no bundler), within 250 MB", () => {
    const { folder } = stack;
    const installed = new Set(execFileSync("ls", [join(folder.dir, "node_modules")], { encoding: "utf8" }).split("\n"));
    for (const tool of ["tsx", "esbuild", "typescript", "vite", "vitest", "latch-kit"]) expect(installed.has(tool), tool).toBe(false);
    expect(folder.nodeModulesBytes).toBeLessThan(250 * 1024 * 1024);
    figures.push(`install ${folder.installMs} ms (npm cache warm), node_modules ${megabytes(folder.nodeModulesBytes)}`);
  });

  it("its types check in a strict TypeScript project with Node's own resolution (nodenext, skipLibCheck false)", async () => {
    const { folder } = stack;
    writeFileSync(
      join(folder.dir, "check.ts"),
      [
        'import { createLatchServer, type LatchSettings } from "latch-server";',
        'import { ApiError, type ServerContext, type ServerMethod } from "latch-server/method";',
        'const settings: LatchSettings = { publicUrl: "https://signer.example.com", methods: ["a-method"], limits: { otpTtlMs: 60_000 } };',
        'export const method: ServerMethod = { id: "example" };',
        "export const publicUrlOf = (ctx: ServerContext): string => ctx.publicUrl;",
        'export const start = () => createLatchServer({ ...settings, logLevel: "silent" }).then((latch) => latch.fetch(new Request("https://signer.example.com/health")));',
        "export { ApiError };",
      ].join("\n"),
    );
    const tsconfig = { compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true, skipLibCheck: false, types: ["node"], typeRoots: [join(repoRoot, "node_modules/@types")] }, files: ["check.ts"] };
    writeFileSync(join(folder.dir, "tsconfig.check.json"), JSON.stringify(tsconfig));
    await run(join(repoRoot, "node_modules/.bin/tsc"), ["-p", "tsconfig.check.json"], { cwd: folder.dir });
  });

  it("init writes the config, the key files (0600) and the .gitignore lines, and says what is next", async () => {
    const { folder, serverPort, appPort, databaseUrl } = stack;
    const output = await folder.command(["init", "--public-url", `http://localhost:${serverPort}`, "--allowed-origin", `http://localhost:${appPort}`, "--database-url", databaseUrl]);
    expect(output).toMatch(/npx latch-server migrate/);
    expect(statSync(join(folder.dir, "latch.kek")).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder.dir, "latch.api-keys")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(folder.dir, ".gitignore"), "utf8")).toMatch(/^\.latch-server\/$/m);
    stack.apiKey = readFileSync(join(folder.dir, "latch.api-keys"), "utf8").trim();
    expect(output).toContain(stack.apiKey);
  });

  it("migrate creates the tables in PostgreSQL, once", async () => {
    const { folder, databaseUrl } = stack;
    expect(await folder.command(["migrate"])).toMatch(/^Applied migrations 1, .+ to PostgreSQL/m);
    expect(await folder.command(["migrate"])).toMatch(/is up to date/);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema = 'public'");
      expect(Number(rows[0]!.n)).toBeGreaterThan(5);
    } finally {
      await client.end();
    }
  });

  it("start serves on the system Node, configured by the file init wrote and SMTP from the environment", async () => {
    const { folder, serverPort, smtp } = stack;
    stack.server = await startInstalledServer(folder, { PORT: String(serverPort), SMTP_URL: smtp.url, LATCH_EMAIL_FROM: "Operator <no-reply@operator.example>" });
    const systemNode = execFileSync(SYSTEM_NODE, ["-v"], { encoding: "utf8" }).trim();
    expect(stack.server.listening).toMatchObject({ node: systemNode, email: "smtp", configFile: join(folder.dir, "latch.config.mjs") });
    // tiny-secp256k1 came with the package and its WebAssembly loads: no JavaScript fallback.
    expect(stack.server.output()).toContain(SIGNING_WITH_LIBSECP256K1);
    figures.push(`start to ready ${stack.server.readyMs} ms on ${systemNode}, RSS idle ${(stack.server.rssKb() / 1024).toFixed(0)} MB`);
  });

  it("a fresh Vite app on the packed kit signs in by an email code in Chromium and signs a message viem verifies", async () => {
    const { app, appPort, browser, server, smtp, apiKey } = stack;
    await runIn(app, "vite", ["build", "--outDir", "dist-latch-server"], { VITE_LATCH_SIGNER_URL: server!.url, VITE_LATCH_API_KEY: apiKey! });
    const args = ["preview", "--outDir", "dist-latch-server", "--host", "127.0.0.1", "--port", String(appPort), "--strictPort"];
    stack.preview = await startServer(`${app}/node_modules/.bin/vite`, args, `http://127.0.0.1:${appPort}/`, { cwd: app });

    const page = await browser.newPage();
    const watch = watchPage(page);
    await page.goto(`http://localhost:${appPort}/`);
    await page.getByRole("heading", { name: "Latch on Vite" }).waitFor();
    const email = `operator-${Date.now()}@example.com`;
    const since = smtp.received.length;
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Continue" }).first().click();
    const mail = await smtp.waitFor((m) => m.to === email, since);
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(/Your code is (\d{6})/.exec(mail.text)![1]!);
    const address = (await page.getByTestId("address").textContent({ timeout: 30_000 })) as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.getByRole("button", { name: "Sign a message" }).click();
    const signature = (await page.getByTestId("signature").textContent({ timeout: 20_000 })) as `0x${string}`;
    expect(await verifyMessage({ address, message: "hello", signature })).toBe(true);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    figures.push(`RSS after a sign-in ${(server!.rssKb() / 1024).toFixed(0)} MB`);
  });

  it("the same install runs on Node 22 too: a second instance on the same PostgreSQL signs a user up (the derivation worker loads)", async () => {
    const { folder, smtp, apiKey } = stack;
    const port = await freePort();
    const second = await startInstalledServer(
      folder,
      { PORT: String(port), LATCH_PUBLIC_URL: `http://localhost:${port}`, SMTP_URL: smtp.url, LATCH_EMAIL_FROM: "no-reply@operator.example" },
      process.execPath,
    );
    try {
      expect(second.listening.node).toBe(process.version);
      expect(process.version).toMatch(/^v22\./);
      expect(second.output()).toContain(SIGNING_WITH_LIBSECP256K1);
      const client = new EmulatorClient(second.url);
      const email = `node22-${Date.now()}@example.com`;
      const target = newTargetKey();
      const since = smtp.received.length;
      const signup = await client.ok("signup", { email, targetPublicKey: target.publicKey }, { authorization: `Bearer ${apiKey}` });
      const mail = await smtp.waitFor((m) => m.to === email, since);
      const code = /Your code is (\d{6})/.exec(mail.text)![1]!;
      const answer = await client.ok("otp", { orgId: signup.orgId, otpId: signup.otpId, otpCode: code, targetPublicKey: target.publicKey }, { authorization: `Bearer ${apiKey}` });
      expect(answer.status).toBe("SUCCESS");
      expect(signup.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      figures.push(`Node 22: start to ready ${second.readyMs} ms, RSS idle ${(second.rssKb() / 1024).toFixed(0)} MB`);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    expect(existsSync(join(folder.dir, ".latch-server"))).toBe(false);
    console.log(`[latch-server figures] ${figures.join("; ")}`);
  });
});
