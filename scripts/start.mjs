// `npm start`: the local emulator and the playground, together; Ctrl-C stops everything started here.
import { spawn } from "node:child_process";

const children = [];
let stopping = false;

function run(name, command, args, env = {}) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = "";
    stream.on("data", (chunk) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) console.log(prefix(line));
    });
  }
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(prefix(`exited (${signal ?? code}); stopping everything`));
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  const deadline = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    process.exit(code);
  }, 5000);
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on("exit", r)) : null))).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const emulatorPort = process.env.LATCH_EMULATOR_PORT ?? "8787";
run("emulator", "npx", ["tsx", "emulator/cli.ts", "--port", emulatorPort]);
run("playground", "npx", ["vite", "--config", "playground/vite.config.ts"], {
  LATCH_EMULATOR_URL: `http://localhost:${emulatorPort}`,
});
console.log("Latch: playground at http://localhost:5173 — emulator at http://localhost:" + emulatorPort + " (Ctrl-C stops both)");
