import { ADMIN_COMMANDS, ADMIN_USAGE } from "./admin";

// `npm run server`: the production profile; `npm run server -- <command>`: administration.
async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  if (command === "--help" || command === "-h") {
    console.log(`npm run server            start the production profile (configured by environment variables: README "Run it for real")\n\n${ADMIN_USAGE}`);
    return;
  }
  if (command === undefined) {
    const { runProductionServer } = await import("./production/run");
    return runProductionServer();
  }
  const run = ADMIN_COMMANDS[command];
  if (!run) throw new Error(`Unknown command ${command}: use migrate or rotate-keys (npm run server -- --help)`);
  await run(process.env, (line) => console.log(line));
}

main().catch((error: unknown) => {
  console.error(`latch-server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
