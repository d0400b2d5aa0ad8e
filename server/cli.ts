import { parseArgs } from "node:util";
import { CUSTODY_MODES, type CustodyMode } from "./custody/custodyMode";
import { startServer } from "./index";
import { DEFAULT_CLI_PORT, DEFAULT_DATA_DIR, normalizeEmailMode, parseJwtIssuer } from "./options";
import { parsePortFlag } from "./port-flag";

const USAGE = `Latch local emulator: the signer backend, auth frame and dev inbox for development.

Usage: npm run emulator -- [options]
  --port <n>             port (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host <addr>          interface to listen on (default: loopback only, 127.0.0.1 and ::1)
  --data-dir <dir>       where users, wallets and keys persist (default ${DEFAULT_DATA_DIR}/)
  --memory               fresh in-memory state, nothing written to disk
  --email-mode <mode>    otp | magic-link (default otp)
  --custody <mode>       server | split | split-required (default server; see SECURITY.md)
  --seed <text>          deterministic keys and ids (tests)
  --app-url <url>        where magic links point (default: the request's Origin); an allowed origin
  --allowed-origin <o>   an app origin (https://app.example.com) besides loopback ones (repeatable):
                         CORS, magic-link and social sign-in return targets, passkey origins
  --jwt-issuer <spec>    trust another JWT issuer for custom-JWT sign-in (repeatable):
                         issuer=<url>,jwks=<url>,audience=<aud>[,id=<auth provider id>]
  --idp-redirect-uri <url>  another redirect URI the dev identity provider accepts (repeatable), e.g.
                         a production profile's <LATCH_PUBLIC_URL>/callback using it as an external provider
  --quiet                do not log requests
  --help`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "data-dir": { type: "string" },
      memory: { type: "boolean" },
      "email-mode": { type: "string" },
      custody: { type: "string" },
      seed: { type: "string" },
      "app-url": { type: "string" },
      "allowed-origin": { type: "string", multiple: true },
      "jwt-issuer": { type: "string", multiple: true },
      "idp-redirect-uri": { type: "string", multiple: true },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = parsePortFlag(values.port, DEFAULT_CLI_PORT);
  const mode = values["email-mode"];
  if (mode !== undefined && mode !== "otp" && mode !== "magic-link") throw new Error(`--email-mode must be otp or magic-link (was ${mode})`);
  const custody = values.custody;
  if (custody !== undefined && !CUSTODY_MODES.includes(custody as CustodyMode)) throw new Error(`--custody must be ${CUSTODY_MODES.join(", ")} (was ${custody})`);

  const emulator = await startServer({
    port,
    host: values.host,
    memory: values.memory === true,
    dataDir: values.memory ? undefined : (values["data-dir"] ?? DEFAULT_DATA_DIR),
    emailMode: normalizeEmailMode(mode as "otp" | "magic-link" | undefined),
    ...(custody ? { custody: custody as CustodyMode } : {}),
    seed: values.seed,
    appUrl: values["app-url"],
    allowedOrigins: values["allowed-origin"] ?? [],
    jwtIssuers: (values["jwt-issuer"] ?? []).map(parseJwtIssuer),
    idpRedirectUris: values["idp-redirect-uri"] ?? [],
    log: values.quiet !== true,
    // The dev profile checks its own answers against the wire contract and says when one drifts.
    checkAnswers: (drift) => console.warn(`[latch-server] ${drift.route} answered ${drift.status} outside the wire contract: ${drift.problem}`),
  });

  const u = emulator.url;
  console.log(`
  Latch local emulator: a DEVELOPMENT backend, not for production.

  Signer API   ${u}/signer/v1/<route>
  Dev inbox    ${u}/dev/inbox   (JSON: ${u}/dev/api/messages?to=<email or phone>)
  Auth frame   ${u}/frames/auth
  Export frame ${u}/frames/export
  Import frame ${u}/frames/import
  Dev IdP      ${u}/idp/<google|facebook|apple|twitch|auth0>   (social sign-in callback: ${u}/callback)
  Listening on ${emulator.addresses.join(", ")} port ${emulator.port}
  Data         ${emulator.dataDir ?? "in memory (lost on exit)"}
  Email mode   ${normalizeEmailMode(mode as "otp" | undefined)}${values.seed !== undefined ? "\n  Seeded       keys and ids are deterministic" : ""}
`);
  if (values.host !== undefined && !["127.0.0.1", "::1", "localhost"].includes(values.host)) {
    console.warn(`  WARNING: listening on ${values.host}, beyond loopback. Anyone who can reach it can sign in as any test user.\n`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping the emulator…`);
    emulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`latch-emulator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
