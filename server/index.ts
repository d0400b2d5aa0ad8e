import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { composeMethods } from "./method";
import { BUILT_IN_METHODS } from "./methods";
import type { ServerContext } from "./context";
import { createSecrets, masterSecretFromSeed } from "./crypto/secrets";
import { inboxDelivery } from "./delivery/inbox";
import { silentObserver } from "./observer";
import { openDataDir, type DataDir } from "./dataDir";
import { openDatabase } from "./db/open";
import type { DatabaseConfig } from "./db/config";
import { devKeyRing } from "./custody/devKey";
import { loadServerSecret } from "./custody/serverSecret";
import { pruneExpired } from "./maintenance";
import { DEFAULT_LIMITS, normalizeEmailMode, type ServerOptions } from "./options";
import { createOriginPolicy } from "./origins";
import { listen } from "./server";
import { createWalletDeriver } from "./crypto/derivationPool";
import { clearMessages, listMessages, type InboxMessage } from "./store/messages";

export type { ServerOptions, EmailMode, JwtIssuerOption, Limits, Profile } from "./options";
export type { ServerMethod } from "./method";
export type { InboxMessage } from "./store/messages";

export interface RunningServer {
  /** Base URL, always on the host name `localhost` so frames are same-site with a localhost app. */
  url: string;
  port: number;
  /** Addresses it listens on (both loopbacks by default). */
  addresses: string[];
  /** The data dir, or undefined for in-memory state. */
  dataDir: string | undefined;
  /** The dev inbox, for tests in the same process. */
  inbox: {
    messages(to?: string): Promise<InboxMessage[]>;
    /** The newest message to a contact, if any. */
    latest(to: string): Promise<InboxMessage | undefined>;
    clear(): Promise<void>;
  };
  /** Stops accepting, lets requests in flight finish (up to `graceMs`, default 0), then closes the database. */
  stop(graceMs?: number): Promise<void>;
}

const PRUNE_INTERVAL_MS = 60_000;

/** Starts an emulator with its own state: in memory unless a dataDir is given. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const shared = options.database?.engine === "postgres";
  const memory = options.memory === true || options.dataDir === undefined;
  if (shared && options.keyEncryptionKeys === undefined && options.seed === undefined) {
    throw new Error("Instances sharing a PostgreSQL need the same key-encryption keys: set LATCH_SECRET_KEY (keyEncryptionKeys)");
  }
  const dir: DataDir | undefined = memory || shared ? undefined : openDataDir(options.dataDir!, options.seed, options.keyEncryptionKeys === undefined);
  try {
    // Before the database opens: a bad origin is a configuration error, not a half-started server.
    const origins = createOriginPolicy({
      allowedOrigins: [...(options.allowedOrigins ?? []), ...(options.appUrl ? [options.appUrl] : [])],
      ...(options.loopbackOrigins === undefined ? {} : { loopbackOrigins: options.loopbackOrigins }),
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      publicUrl: () => ctx.publicUrl,
    });
    const config: DatabaseConfig = shared ? options.database! : { engine: "pglite", ...(dir ? { dataDir: dir.pgdata } : {}) };
    const db = await openDatabase(config, { migrate: options.migrate });
    const devMaster = dir?.masterSecret ?? masterSecretFromSeed(options.seed);
    const keys = options.keyEncryptionKeys ?? devKeyRing(devMaster);
    const serverSecret = await loadServerSecret(db, keys, devMaster, Date.now()).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    const secrets = createSecrets(serverSecret);
    const ctx: ServerContext = {
      db,
      keys,
      secrets,
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      emailMode: normalizeEmailMode(options.emailMode),
      custody: options.custody ?? "server",
      appUrl: options.appUrl,
      seeded: options.seed !== undefined,
      now: options.now ?? Date.now,
      publicUrl: "",
      jwtIssuers: options.jwtIssuers ?? [],
      origins,
      profile: options.profile ?? "dev",
      idpRedirectUris: options.idpRedirectUris ?? [],
      delivery: options.delivery ?? inboxDelivery,
      socialProviders: typeof options.socialProviders === "function" ? options.socialProviders(secrets) : (options.socialProviders ?? []),
      observer: options.observer ?? silentObserver,
      methods: composeMethods([...(options.methods ?? []), ...BUILT_IN_METHODS]),
      deriver: createWalletDeriver(options.derivationThreads ?? 0),
    };
    const log = options.log === true ? (line: string) => console.log(`[latch-emulator] ${line}`) : options.log || undefined;
    const app = createApp(ctx, { log, checkAnswers: options.checkAnswers, ...options.hooks });
    const server = await listen(getRequestListener(app.fetch, { overrideGlobalObjects: false }), options.port ?? 0, options.host).catch(
      async (error: unknown) => {
        await ctx.deriver.close();
        await db.close();
        throw error;
      },
    );
    ctx.publicUrl = options.publicUrl?.replace(/\/$/, "") ?? `http://${urlHost(options.host)}:${server.port}`;
    const pruner = setInterval(() => void pruneExpired(ctx).catch(() => undefined), PRUNE_INTERVAL_MS);
    pruner.unref();

    let stopping: Promise<void> | undefined;
    return {
      url: ctx.publicUrl,
      port: server.port,
      addresses: server.addresses,
      dataDir: dir?.path,
      inbox: {
        messages: (to) => listMessages(db, to),
        latest: async (to) => (await listMessages(db, to))[0],
        clear: () => clearMessages(db),
      },
      stop(graceMs = 0) {
        stopping ??= (async () => {
          clearInterval(pruner);
          await server.close(graceMs);
          await ctx.deriver.close();
          await db.close();
          dir?.release();
        })();
        return stopping;
      },
    };
  } catch (error) {
    dir?.release();
    throw error;
  }
}

function urlHost(host: string | undefined): string {
  if (host === undefined || host === "127.0.0.1" || host === "::1" || host === "0.0.0.0" || host === "::" || host === "localhost") {
    return "localhost";
  }
  return host.includes(":") ? `[${host}]` : host;
}
