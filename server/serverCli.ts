import { ADMIN_COMMANDS, ADMIN_USAGE } from "./admin";

// `npm run server -- <command>`. Starting the production profile is added by the production profile's module.
async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  if (command === undefined || command === "--help" || command === "-h") {
    console.log(ADMIN_USAGE);
    return;
  }
  const run = ADMIN_COMMANDS[command];
  if (!run) throw new Error(`Unknown command ${command}: use migrate or rotate-keys (npm run server -- --help)`);
  await run(process.env, (line) => console.log(line));
}

main().catch((error: unknown) => {
  console.error(`latch-server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
