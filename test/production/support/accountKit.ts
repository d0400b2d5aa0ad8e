import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "../../consumers/support/run";

const manifestPath = fileURLToPath(new URL("../account-kit/package.json", import.meta.url));

/**
 * Installs Account Kit's signer SDK (test/production/account-kit/package.json) into a cache beside the
 * consumer apps' and answers its node_modules. Kept between runs: only a changed manifest reinstalls.
 */
export async function installAccountKit(): Promise<string> {
  const dir = join(process.env.LATCH_CONSUMERS_CACHE ?? join(tmpdir(), "latch-consumers"), "account-kit");
  mkdirSync(dir, { recursive: true });
  const manifest = readFileSync(manifestPath, "utf8");
  const installed = join(dir, "node_modules/.latch-manifest.json");
  if (!existsSync(installed) || readFileSync(installed, "utf8") !== manifest) {
    writeFileSync(join(dir, "package.json"), manifest);
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir });
    writeFileSync(installed, manifest);
  }
  return join(dir, "node_modules");
}
