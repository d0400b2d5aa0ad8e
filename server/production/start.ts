import { forwardedClientCheck } from "../middleware/client";
import type { Logger } from "pino";
import { realDelivery } from "../delivery/production";
import { smtpSender } from "../delivery/smtp";
import { twilioSmsSender, webhookSmsSender, type SmsSender } from "../delivery/sms";
import { idpSigningKey } from "../idp/keys";
import { socialProvidersFrom } from "../idp/profiles";
import { buildServer, type BuiltServer } from "../build";
import { listen, type Listening } from "../server";
import { SIGNER_PREFIX } from "../app";
import { requireAppCredential } from "./appCredentials";
import type { ProductionConfig } from "./config";
import { createMetrics } from "./metrics";
import { requestLogCheck } from "./requestLog";

/** The production profile built but listening nowhere: mount `fetch` in a server of your own. */
export interface ProductionBuild {
  built: BuiltServer;
  /** Stops the sweeper and derivation threads, closes the database and the SMTP pool (after your listener stopped). */
  close(): Promise<void>;
}

export interface ProductionServer {
  server: Listening;
  /** Stops accepting, finishes requests in flight (up to the grace period), closes the database and SMTP pool. */
  stop(): Promise<void>;
}

/** The production profile: the shared routes with real delivery, real identity providers, app credentials, logs and metrics. */
export async function buildProductionServer(config: ProductionConfig, logger: Logger): Promise<ProductionBuild> {
  const email = config.smtp ? smtpSender({ ...config.smtp, templates: config.messageTemplates }) : undefined;
  const metrics = createMetrics();
  try {
    const built = await buildServer({
      profile: "production",
      dataDir: config.dataDir,
      database: config.database,
      keyEncryptionKeys: config.keyEncryptionKeys,
      publicUrl: config.publicUrl,
      // Only the configured app origins: CORS, magic-link and OAuth return targets, passkey origins.
      allowedOrigins: config.allowedOrigins,
      // Any other Host is 421 (DNS rebinding, a proxy sending what is not ours).
      allowedHosts: [new URL(config.publicUrl).host, ...config.hostAliases],
      loopbackOrigins: false,
      emailMode: config.emailMode,
      appName: config.appName,
      custody: config.custody,
      derivationThreads: config.derivationThreads,
      jwtIssuers: config.jwtIssuers,
      methods: config.methods ?? [],
      ...(config.limits ? { limits: config.limits } : {}),
      // Facebook's id tokens are issued here, signed with the key the server derives for identity tokens.
      socialProviders: (secrets) => {
        let key: ReturnType<typeof idpSigningKey> | undefined;
        return socialProvidersFrom(config.oidcProviders, () => (key ??= idpSigningKey(secrets)));
      },
      delivery: realDelivery({
        email,
        sms: smsSender(config.sms, config.messageTemplates),
        smsCountries: { allowed: config.smsAllowedCountries, refused: () => metrics.observer.sendRefused("sms-country") },
      }),
      observer: metrics.observer,
      hooks: {
        middleware: (ctx) => [
          { run: forwardedClientCheck(config.trustedProxies) },
          { run: requestLogCheck(logger) },
          { run: metrics.middleware },
          { under: SIGNER_PREFIX, run: requireAppCredential(ctx, config.apiKeys) },
        ],
        install(app) {
          metrics.mount(app, config.metricsToken);
        },
        onNotReady: (detail) => logger.warn({ detail }, "not ready"),
        onClientAbort: (x) => logger.info({ method: x.method, route: x.route() }, "client aborted"),
        onUnexpectedError: (error, x) => logger.error({ err: { type: error.name, message: error.message, stack: error.stack }, route: x.route() }, "unexpected error"),
      },
    });
    const { implementation, fallbackReason } = built.evmSigner;
    if (fallbackReason) logger.warn({ secp256k1: implementation, reason: fallbackReason }, "secp256k1 signing falls back to JavaScript");
    else logger.info({ secp256k1: implementation }, "secp256k1 signing");
    return {
      built,
      async close() {
        await built.close();
        email?.close();
      },
    };
  } catch (error) {
    email?.close();
    throw error;
  }
}

/** buildProductionServer, listening on the configured port and host. */
export async function startProductionServer(config: ProductionConfig, logger: Logger): Promise<ProductionServer> {
  const production = await buildProductionServer(config, logger);
  const server = await listen(production.built.nodeListener, config.port, config.host).catch(async (error: unknown) => {
    await production.close();
    throw error;
  });
  return {
    server,
    async stop() {
      await server.close(config.shutdownGraceMs);
      await production.close();
    },
  };
}

function smsSender(sms: ProductionConfig["sms"], templates: ProductionConfig["messageTemplates"]): SmsSender | undefined {
  if (!sms) return undefined;
  return sms.kind === "webhook" ? webhookSmsSender(sms.url, globalThis.fetch, templates) : twilioSmsSender(sms, globalThis.fetch, templates);
}
