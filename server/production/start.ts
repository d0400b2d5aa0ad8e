import { trustedProxyClients } from "../middleware/client";
import type { Logger } from "pino";
import { realDelivery } from "../delivery/production";
import { smtpSender } from "../delivery/smtp";
import { twilioSmsSender, webhookSmsSender, type SmsSender } from "../delivery/sms";
import { idpSigningKey } from "../idp/keys";
import { socialProvidersFrom } from "../idp/profiles";
import { startServer, type RunningServer } from "../index";
import { SIGNER_PREFIX } from "../app";
import { requireAppCredential } from "./appCredentials";
import type { ProductionConfig } from "./config";
import { createMetrics } from "./metrics";
import { requestLog } from "./requestLog";

export interface ProductionServer {
  server: RunningServer;
  /** Stops accepting, finishes requests in flight (up to the grace period), closes the database and SMTP pool. */
  stop(): Promise<void>;
}

/** The production profile: the shared routes with real delivery, real identity providers, app credentials, logs and metrics. */
export async function startProductionServer(config: ProductionConfig, logger: Logger): Promise<ProductionServer> {
  const email = config.smtp ? smtpSender(config.smtp) : undefined;
  const metrics = createMetrics();
  try {
    const server = await startServer({
      profile: "production",
      port: config.port,
      host: config.host,
      dataDir: config.dataDir,
      database: config.database,
      keyEncryptionKeys: config.keyEncryptionKeys,
      publicUrl: config.publicUrl,
      // Only the configured app origins: CORS, magic-link and OAuth return targets, passkey origins.
      allowedOrigins: config.allowedOrigins,
      loopbackOrigins: false,
      emailMode: config.emailMode,
      custody: config.custody,
      derivationThreads: config.derivationThreads,
      jwtIssuers: config.jwtIssuers,
      // Facebook's id tokens are issued here, signed with the key the server derives for identity tokens.
      socialProviders: (secrets) => {
        let key: ReturnType<typeof idpSigningKey> | undefined;
        return socialProvidersFrom(config.oidcProviders, () => (key ??= idpSigningKey(secrets)));
      },
      delivery: realDelivery({ email, sms: smsSender(config.sms) }),
      observer: metrics.observer,
      hooks: {
        install(app, ctx) {
          app.use(trustedProxyClients(config.trustedProxies));
          app.use(requestLog(logger));
          app.use(metrics.middleware);
          metrics.mount(app);
          app.use(`${SIGNER_PREFIX}/*`, requireAppCredential(ctx, config.apiKeys));
        },
        onUnexpectedError: (error, c) => logger.error({ err: { type: error.name, message: error.message, stack: error.stack }, route: c.req.routePath }, "unexpected error"),
      },
    });
    return {
      server,
      async stop() {
        await server.stop(config.shutdownGraceMs);
        email?.close();
      },
    };
  } catch (error) {
    email?.close();
    throw error;
  }
}

function smsSender(sms: ProductionConfig["sms"]): SmsSender | undefined {
  if (!sms) return undefined;
  return sms.kind === "webhook" ? webhookSmsSender(sms.url) : twilioSmsSender(sms);
}
