// `latch-server start` (`npm run server`): the production profile, configured by environment variables
// and an optional config file (see server/README.md).
import { ConfigError, type ProductionConfig } from "./config";
import { loadServerConfig } from "./load";

export async function runProductionServer(): Promise<void> {
  const started = performance.now();
  let config: ProductionConfig;
  let file: string | undefined;
  try {
    ({ config, file } = await loadServerConfig(process.env, process.cwd()));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line per problem: every missing or malformed setting at once.
    process.stderr.write(error.message.split("\n").map((line) => `latch-server: ${line}\n`).join(""));
    process.exit(78); // EX_CONFIG
  }
  // Loaded after the configuration is checked: a bad variable is reported at once.
  const [{ pino }, { startProductionServer }] = await Promise.all([import("pino"), import("./start")]);
  const logger = pino({ level: config.logLevel, base: { service: "latch-server" } });
  const running = await startProductionServer(config, logger);
  // The start and stop lines show at any level but silent: an operator who keeps only warnings still sees the server come up.
  const lifecycle = config.logLevel === "silent" ? logger : logger.child({}, { level: "info" });
  lifecycle.info(
    {
      publicUrl: config.publicUrl,
      host: config.host,
      port: running.server.port,
      allowedOrigins: config.allowedOrigins,
      email: config.smtp ? "smtp" : "off",
      sms: config.sms?.kind ?? "off",
      identityProviders: config.oidcProviders.map((p) => p.id),
      jwtIssuers: config.jwtIssuers.map((i) => i.id),
      methods: (config.methods ?? []).map((m) => m.id),
      configFile: file,
      node: process.version,
      pid: process.pid,
      startMs: Math.round(performance.now() - started),
    },
    "listening",
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.info({ signal, graceMs: config.shutdownGraceMs }, "stopping: finishing requests in flight");
    running.stop().then(
      () => {
        lifecycle.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: String(error) }, "stop failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
