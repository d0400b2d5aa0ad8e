import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "latch-cli-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run emulator", () => {
  it("says it is a development backend, prints its URLs and data dir, serves, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "server/cli.ts", "--port", "0", "--data-dir", dataDir, "--quiet"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const deadline = Date.now() + 20_000;
    while (!/Export frame/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    expect(output).toContain("DEVELOPMENT backend, not for production");
    const url = /Signer API\s+(http:\/\/localhost:\d+)\/signer\/v1/.exec(output)?.[1];
    expect(url).toBeDefined();
    expect(output).toContain(`${url}/dev/inbox`);
    expect(output).toContain(`${url}/frames/auth`);
    expect(output).toContain(dataDir);
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true });

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM: stopping the emulator");
  });

  it("refuses a bad option value", async () => {
    const child = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "server/cli.ts", "--email-mode", "pigeon"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (d) => (output += d));
    expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(1);
    expect(output).toContain("--email-mode must be otp or magic-link");
  });
});
