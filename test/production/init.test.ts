// `latch-server init` and the config file: what init writes (modes, .gitignore), that a folder it
// wrote needs no environment variable to load, and methods named by package in the config file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initServerFolder } from "../../server/production/init";
import { loadServerConfig } from "../../server/production/load";

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "latch-init-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("latch-server init", () => {
  it("writes a commented config, a key-encryption key and an API key readable by their owner alone, and ignores them and the data dir in git", () => {
    const dir = folder();
    writeFileSync(join(dir, ".gitignore"), "node_modules");
    const lines = initServerFolder({ dir, publicUrl: "https://signer.example.com", allowedOrigins: ["https://app.example.com"] });
    expect(statSync(join(dir, "latch.kek")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "latch.api-keys")).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dir, "latch.kek"), "utf8").trim(), "base64")).toHaveLength(32);
    expect(readFileSync(join(dir, ".gitignore"), "utf8").split("\n")).toEqual(["node_modules", "# Latch server: the embedded database and the secret files", ".latch-server/", "latch.kek", "latch.api-keys", ""]);
    const config = readFileSync(join(dir, "latch.config.mjs"), "utf8");
    expect(config).toContain('publicUrl: "https://signer.example.com"');
    expect(config).toMatch(/\/\/ .*\[LATCH_ALLOWED_ORIGINS\]/);
    expect(lines.join("\n")).toMatch(/Next:\n {2}1\. .*\n {2}2\. npx latch-server migrate.*\n {2}3\. npx latch-server start/);
    const apiKey = readFileSync(join(dir, "latch.api-keys"), "utf8").trim();
    expect(lines.at(-1)).toBe(`Your app's API key (signer.connection.apiKey): ${apiKey}`);
  });

  it("never replaces a key file, and keeps the config unless forced", () => {
    const dir = folder();
    initServerFolder({ dir });
    const kek = readFileSync(join(dir, "latch.kek"), "utf8");
    writeFileSync(join(dir, "latch.config.mjs"), "export default {};\n");
    const again = initServerFolder({ dir, force: true });
    expect(readFileSync(join(dir, "latch.kek"), "utf8")).toBe(kek);
    expect(again.join("\n")).toMatch(/kept {6}latch\.kek/);
    expect(readFileSync(join(dir, "latch.config.mjs"), "utf8")).toContain("publicUrl");
    expect(readFileSync(join(dir, ".gitignore"), "utf8").match(/latch\.kek/g)).toHaveLength(1);
  });

  it("leaves a folder that loads with no environment variable at all (paths relative to the config file)", async () => {
    const dir = folder();
    initServerFolder({ dir, publicUrl: "http://localhost:8787" });
    const { config, file } = await loadServerConfig({}, dir);
    expect(file).toBe(join(dir, "latch.config.mjs"));
    expect(config.publicUrl).toBe("http://localhost:8787");
    expect(config.apiKeys).toEqual([readFileSync(join(dir, "latch.api-keys"), "utf8").trim()]);
    expect(config.keyEncryptionKeys.keys).toHaveLength(1);
    // The environment wins over the file.
    expect((await loadServerConfig({ LATCH_PUBLIC_URL: "https://signer.example.com" }, dir)).config.publicUrl).toBe("https://signer.example.com");
  });
});

describe("the config file", () => {
  const settings = { publicUrl: "https://signer.example.com", allowedOrigins: ["https://app.example.com"], secretKey: "11".repeat(32), apiKeys: ["k".repeat(24)] };

  it("loads a method by package name: its default export, or its export named server", async () => {
    const dir = folder();
    const packages: Array<[string, string]> = [
      ["by-default", 'export default { id: "by-default" };'],
      ["by-name", 'export const server = { id: "by-name" };'],
    ];
    for (const [name, source] of packages) {
      mkdirSync(join(dir, "node_modules", name, "dist"), { recursive: true });
      writeFileSync(join(dir, "node_modules", name, "package.json"), JSON.stringify({ name, type: "module", exports: { ".": { import: "./dist/index.js" } } }));
      writeFileSync(join(dir, "node_modules", name, "dist/index.js"), source);
    }
    writeFileSync(join(dir, "latch.config.json"), JSON.stringify({ ...settings, methods: ["by-default", "by-name"] }));
    const { config } = await loadServerConfig({}, dir);
    expect(config.methods?.map((method) => method.id)).toEqual(["by-default", "by-name"]);
  });

  it("names every problem of the file and the environment at once: unknown settings, a missing package, a bad variable", async () => {
    const dir = folder();
    writeFileSync(join(dir, "latch.config.json"), JSON.stringify({ ...settings, publicURL: "typo", methods: ["not-installed"] }));
    const problem = await loadServerConfig({ LATCH_LOG_LEVEL: "loud" }, dir).then(
      () => "loaded",
      (error: Error) => error.message,
    );
    const lines = problem.split("\n");
    expect(lines, problem).toHaveLength(3);
    expect(lines[0]).toMatch(/latch\.config\.json publicURL: not a setting/);
    expect(lines[1]).toMatch(/^LATCH_LOG_LEVEL: expected one of/);
    expect(lines[2]).toMatch(/^methods: cannot load "not-installed" .*npm install not-installed/);
  });

  it("names a file that is not JSON, and LATCH_CONFIG naming a file elsewhere", async () => {
    const dir = folder();
    writeFileSync(join(dir, "other.json"), "{oops");
    await expect(loadServerConfig({ LATCH_CONFIG: "other.json" }, dir)).rejects.toThrow(/^LATCH_CONFIG: .*other\.json is not JSON/);
  });
});
