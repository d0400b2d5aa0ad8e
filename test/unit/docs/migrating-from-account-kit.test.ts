// The Account Kit migration guide is true: every hook its tables name is exported where they say, and
// every TypeScript block compiles strict against the kit (blocks tagged `account-kit` show Account
// Kit's own SDK, which is not installed here; test/production/account-kit.test.ts runs that one).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = join(__dirname, "../../..");
const guide = readFileSync(join(root, "docs/migrating-from-account-kit.md"), "utf8");

/** `| … | same name(s), `entry` …` rows: the hooks named in the Latch column and the entry after them. */
function hookRows(): Array<{ hooks: string[]; entry: string }> {
  return guide
    .split("\n")
    .filter((line) => line.startsWith("| ") && line.includes("`latch-kit"))
    .map((line) => {
      const cells = line.split(" | ");
      const latch = cells.at(-1)!;
      const entry = /`(latch-kit[^`]*)`/.exec(latch)![1]!;
      const named = /same names?/.test(latch) ? cells[0]! : latch;
      return { hooks: [...named.matchAll(/`(use[A-Z]\w*)`/g)].map((m) => m[1]!), entry };
    })
    .filter((row) => row.hooks.length > 0);
}

const entries: Record<string, () => Promise<Record<string, unknown>>> = {
  "latch-kit/react": () => import("latch-kit/react"),
  "latch-kit/plugins/mfa": () => import("latch-kit/plugins/mfa"),
  "latch-kit/plugins/email-otp": () => import("latch-kit/plugins/email-otp"),
  "latch-kit/plugins/sms": () => import("latch-kit/plugins/sms"),
  "latch-kit/plugins/passkey": () => import("latch-kit/plugins/passkey"),
  "latch-kit/plugins/oauth": () => import("latch-kit/plugins/oauth"),
  "latch-kit/plugins/smart-accounts": () => import("latch-kit/plugins/smart-accounts"),
  "latch-kit/plugins/solana-embedded": () => import("latch-kit/plugins/solana-embedded"),
  "latch-kit/plugins/evm": () => import("latch-kit/plugins/evm"),
};

describe("docs/migrating-from-account-kit.md", () => {
  it("names each hook where it is exported", async () => {
    const rows = hookRows();
    expect(rows.length).toBeGreaterThan(5);
    const missing: string[] = [];
    for (const { hooks, entry } of rows) {
      const load = entries[entry];
      if (!load) {
        missing.push(`${entry} (an entry this test does not know)`);
        continue;
      }
      const module = await load();
      for (const hook of hooks) if (typeof module[hook] !== "function") missing.push(`${hook} from ${entry}`);
    }
    expect(missing).toEqual([]);
  }, 60_000);

  const dir = join(root, "test/unit/docs/.blocks");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("compiles every TypeScript block, strict", () => {
    const blocks = [...guide.matchAll(/```(ts|tsx)( [^\n]*)?\n([\s\S]*?)```/g)].filter((m) => !m[2]?.includes("account-kit"));
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    mkdirSync(dir, { recursive: true });
    const files = blocks.map((m, i) => {
      const file = join(dir, `block-${i + 1}.tsx`);
      // Each block is a module of its own.
      writeFileSync(file, `${m[3]}\nexport {};\n`);
      return file;
    });
    const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && files.includes(d.file.fileName))
      .map((d) => `${d.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(problems).toEqual([]);
    // A whole program of the kit under the load of a shared machine: 60-140 s here.
  }, 300_000);
});
