// Summarises V8 CPU profiles (node --cpu-prof): self time by function and by package.
// Usage: node bench/cpu-profile.mjs <file.cpuprofile>…
import { readFileSync } from "node:fs";

for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    self.set(node, (self.get(node) ?? 0) + (dt[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map();
  const pkgs = new Map();
  for (const [node, us] of self) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(server|core)\//, "$1/");
    const key = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const pkg = url.includes("node_modules/") ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1") : url.includes("/server/") ? "server (ours)" : url ? "node internals" : functionName || "(native)";
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled\n-- by package\n${top(pkgs, 12).join("\n")}\n-- by function (self)\n${top(fns, 25).join("\n")}`);
}
