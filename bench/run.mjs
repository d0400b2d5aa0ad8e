// `npm run bench`: every benchmark, one after the other (they share 2 cores), then one table.
// Each writes bench/results/<name>.json; this prints them together and writes bench/results/all.json.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const steps = [
  ["size", "node bench/size.mjs"],
  ["dialog", "npx tsx bench/dialog.ts"],
  ["signin", "npx tsx bench/signin.ts"],
  ["emulator", existsSync(`${root}bench/emulator.ts`) ? "npx tsx bench/emulator.ts" : "node bench/emulator.mjs"],
  ["server", "npx tsx bench/server.ts"],
  ["devnet", existsSync(`${root}bench/devnet.ts`) ? "npx tsx bench/devnet.ts" : "node bench/devnet.mjs"],
];
const only = process.argv.slice(2);
let failed = false;
for (const [name, command] of steps) {
  if (only.length && !only.includes(name)) continue;
  const script = command.split(" ").at(-1);
  if (!existsSync(`${root}${script}`)) {
    console.log(`bench ${name}: ${script} not present, skipped`);
    continue;
  }
  console.log(`\n=== bench ${name}: ${command}`);
  try {
    execSync(command, { cwd: root, stdio: "inherit" });
  } catch {
    failed = true;
    console.error(`bench ${name} failed`);
  }
}
mkdirSync(`${root}bench/results`, { recursive: true });
const all = {};
for (const [name] of steps) {
  const file = `${root}bench/results/${name}.json`;
  if (existsSync(file)) all[name] = JSON.parse(readFileSync(file, "utf8"));
}
writeFileSync(`${root}bench/results/all.json`, JSON.stringify(all, null, 2));
console.log("\n=== summary (bench/results/all.json)");
for (const [name, value] of Object.entries(all)) console.log(`${name}: ${JSON.stringify(value).slice(0, 400)}`);
process.exit(failed ? 1 : 0);
