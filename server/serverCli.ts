#!/usr/bin/env node
// The `latch-server` command (the server package's bin; `npm run server -- <command>` in the repository).
import { parseArgs } from "node:util";
import { ADMIN_COMMANDS } from "./admin";
import { ConfigError } from "./production/config";

const USAGE = `latch-server: the Latch sign-in and wallet server.

Usage: latch-server <command>
  init          write latch.config.mjs, a fresh key-encryption key (latch.kek) and API key
                (latch.api-keys), both mode 0600, and the .gitignore lines; then says what is next
                  --public-url <url>  --allowed-origin <origin> (repeatable)  --database-url <url>  --force
  migrate       apply pending database migrations (once, under a PostgreSQL advisory lock)
  start         serve (the default when no command is given)
  rotate-keys   re-seal every wallet's data key under the first key of LATCH_SECRET_KEY
  help          this text

Settings: environment variables (LATCH_PUBLIC_URL, LATCH_ALLOWED_ORIGINS, LATCH_SECRET_KEY[_FILE],
LATCH_API_KEYS[_FILE], DATABASE_URL, SMTP_URL, LATCH_EMAIL_FROM, …) over an optional config file:
latch.config.mjs, latch.config.js or latch.config.json in this folder, or the file LATCH_CONFIG names.
Every setting: the server guide (README.md of the latch-server package).`;

/** The oldest Node the package's `engines` names (checked here too: npm only warns). */
const OLDEST_NODE = [20, 19];

async function main(): Promise<void> {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major < OLDEST_NODE[0]! || (major === OLDEST_NODE[0] && minor < OLDEST_NODE[1]!)) {
    throw new Error(`needs Node ${OLDEST_NODE.join(".")} or later; this is ${process.version}`);
  }
  const [command = "start", ...rest] = process.argv.slice(2);
  if (command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return;
  }
  if (command === "start") {
    const { runProductionServer } = await import("./production/run");
    return runProductionServer();
  }
  if (command === "init") return init(rest);
  const run = ADMIN_COMMANDS[command];
  if (!run) throw new Error(`unknown command ${command}: use init, migrate, start or rotate-keys (latch-server help)`);
  const { adminEnv } = await import("./production/load");
  const { env, methods } = await adminEnv(process.env, process.cwd());
  await run(env, (line) => console.log(line), methods);
}

async function init(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      "public-url": { type: "string" },
      "allowed-origin": { type: "string", multiple: true },
      "database-url": { type: "string" },
      force: { type: "boolean" },
    },
  });
  const { initServerFolder } = await import("./production/init");
  const lines = initServerFolder({
    dir: process.cwd(),
    publicUrl: values["public-url"],
    allowedOrigins: values["allowed-origin"],
    databaseUrl: values["database-url"],
    force: values.force,
  });
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.split("\n").map((line) => `latch-server: ${line}`).join("\n"));
  process.exit(error instanceof ConfigError ? 78 : 1); // 78: EX_CONFIG
});
