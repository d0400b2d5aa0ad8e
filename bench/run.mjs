// `npm run bench`: every benchmark, one after the other (they share 2 cores), then one table.
// Each writes bench/results/<name>.json; this prints them together and writes bench/results/all.json.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const steps = [
  ["size", "node bench/size.mjs"],
  ["user-timings", "npx tsx bench/user-timings.ts"],
  ["dialog", "npx tsx bench/dialog.ts"],
  ["signin", "npx tsx bench/signin.ts"],
  ["emulator", existsSync(`${root}bench/emulator.ts`) ? "npx tsx bench/emulator.ts" : "node bench/emulator.mjs"],
  ["server", "npx tsx bench/server.ts"],
  ["production", "npx tsx bench/production.ts"],
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
for (const line of figuresWithAnchors(all)) console.log(line);
for (const [name, value] of Object.entries(all)) console.log(`${name}: ${JSON.stringify(value).slice(0, 400)}`);
process.exit(failed ? 1 : 0);

/**
 * The headline figures, each beside its anchor and the ratio. Sizes: the spec's budgets, and the same
 * email-only app on Account Kit (914.7 KB, one chunk, react external, gzip, measured side by side with ours).
 * Times: RAIL's budgets (100 ms for a response to input, 1 s for a task with a round trip).
 */
function figuresWithAnchors(all) {
  const lines = ["figure                                                     value        anchor                                   ratio"];
  const row = (figure, value, unit, anchor, anchorLabel) =>
    lines.push(`${figure.padEnd(58)} ${`${value} ${unit}`.padEnd(12)} ${`${anchor} ${unit} ${anchorLabel}`.padEnd(40)} ${(value / anchor).toFixed(2)}`);
  const kb = (bytes) => +(bytes / 1024).toFixed(1);
  for (const app of all.size?.results ?? []) {
    if (app.budgetGzipBytes) row(`size, ${app.label} (gzip)`, kb(app.gzipBytes), "KB", kb(app.budgetGzipBytes), "(budget)");
    if (app.app === "a") {
      row("size, email only, vs Account Kit's email-only app (gzip)", kb(app.gzipBytes), "KB", 914.7, "(Account Kit)");
      if (app.initialChunkGzipBytes) row("size, email only, split: first load (gzip)", kb(app.initialChunkGzipBytes), "KB", kb(app.budgetGzipBytes), "(budget)");
    }
  }
  for (const r of all["user-timings"]?.results ?? []) row(`${r.figure} (p50, production)`, r.p50Ms, "ms", r.anchorMs, "(RAIL)");
  if (all.dialog) row("dialog re-open, test plugin, development build (warm)", all.dialog.p50Ms, "ms", 100, "(RAIL)");
  if (all.signin) row("email sign-in incl. harness (inbox polling, Playwright)", all.signin.p50Ms, "ms", 1000, "(RAIL)");
  // The server's CPU per request beside the crypto floor measured in the same run (bench/server.ts).
  for (const r of all.server?.signPayload ?? []) {
    if (r.concurrency === 10) row(`sign-payload server CPU, ${r.setup}, ${r.users} users, c=10`, Math.round(r.serverCpuPerRequestUs), "µs", Math.round(r.cryptoFloorUs), "(crypto floor)");
  }
  if (all.server?.signUps) row("email sign-up, server CPU", +(all.server.signUps.serverCpuPerSignUpUs / 1000).toFixed(1), "ms", 7, "(goal)");
  for (const p of all.server?.pages ?? []) row(`${p.figure} (p50, vs React alone + server)`, p.p50Ms, "ms", p.floorMs, "(floor)");
  return lines;
}
