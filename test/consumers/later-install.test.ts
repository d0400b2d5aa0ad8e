// A fresh app's later installs, from the packed package: the kit's optional peers do not make npm
// refuse what the app adds afterwards. @wagmi/core 3.5+ has optional peers of its own
// (accounts → @privy-io/react-auth → permissionless → ox ^0.8, against viem's ox 0.14) that npm walks
// while it places a package's peers; the app here adds @wagmi/core after the kit, then re-resolves
// the whole tree without its lock file, then adds a package.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { cacheDir } from "./support/package";
import { run } from "./support/run";

const npmInstall = (dir: string, ...packages: string[]) => run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packages], { cwd: dir });
const versionOf = (dir: string, name: string) => (JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

describe("a fresh app's later npm installs", () => {
  it("latch-kit + viem, then @wagmi/core 3 (the newest), then a re-resolve without the lock, then back to @wagmi/core 2: every install succeeds", { timeout: 900_000 }, async () => {
    const dir = join(cacheDir, "apps", "later-install");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "later-install", private: true, dependencies: { viem: "2.57.1" }, overrides: { viem: "2.57.1" } }, null, 2)}\n`);
    await npmInstall(dir, `latch-kit@file:${inject("latchTarball")}`, "react@19", "react-dom@19");
    await npmInstall(dir, "@wagmi/core@3");
    expect(versionOf(dir, "@wagmi/core")).toMatch(/^3\./);
    rmSync(join(dir, "package-lock.json"));
    await npmInstall(dir);
    // Back to wagmi 2 (as an Account Kit app keeps it): the kit's peer range takes it.
    await npmInstall(dir, "@wagmi/core@2");
    expect(versionOf(dir, "@wagmi/core")).toMatch(/^2\./);
    expect(versionOf(dir, "latch-kit")).toBe("0.1.0");
  });
});
