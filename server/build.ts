import type { RequestListener } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { directListener } from "./exchange/direct";
import { serverMethods } from "./methods";
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
import { DEFAULT_LIMITS, DEV_LIMITS, normalizeEmailMode, type ServerOptions } from "./options";
import { createOriginPolicy } from "./origins";
import { createWalletDeriver } from "./crypto/derivationPool";
import { loadEvmSigner, type EvmHashSigner } from "./crypto/evmSigner";
import { clearMessages, listMessages } from "./store/messages";
import type { InboxMessage } from "./store/messages";

/** A server that is ready to answer but listens nowhere: mount `fetch` anywhere (node:http, Hono, a route handler). */
export interface BuiltServer {
  /**
   * A standard fetch handler; under a base path (the path of `publicUrl`) it answers both with and
   * without that prefix. `env` is what @hono/node-server's listener passes (the socket, for per-client limits).
   */
  fetch(request: Request, env?: unknown): Promise<Response>;
  /**
   * node:http's request listener: the hot signer routes (sign-payload, whoami) straight from Node's
   * request and response behind the same checks (server/exchange/direct.ts), everything else through
   * `fetch` (@hono/node-server). Per-client limits see the socket's address.
   */
  nodeListener: RequestListener;
  /** The public URL without a trailing slash; empty until known (startServer sets it once it listens). */
  readonly publicUrl: string;
  setPublicUrl(url: string): void;
  /** The path of the public URL ("" at the root), e.g. "/latch". */
  readonly basePath: string;
  dataDir: string | undefined;
  inbox: DevInbox;
  /** What signs EVM hashes (libsecp256k1 in WebAssembly, or noble where that cannot load, with the reason): for the start log. */
  evmSigner: Pick<EvmHashSigner, "implementation" | "fallbackReason">;
  /** Stops the sweeper and the derivation threads, closes the database, releases the data dir. */
  close(): Promise<void>;
}

/** The dev inbox, for tests in the same process. */
export interface DevInbox {
  messages(to?: string): Promise<InboxMessage[]>;
  /** The newest message to a contact, if any. */
  latest(to: string): Promise<InboxMessage | undefined>;
  clear(): Promise<void>;
}

const PRUNE_INTERVAL_MS = 60_000;

/** Opens the storage, loads the keys and builds the routes of one server; `startServer` adds a listener. */
export async function buildServer(options: ServerOptions = {}): Promise<BuiltServer> {
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
    const methods = serverMethods(options.methods);
    const db = await openDatabase(config, { migrate: options.migrate, methods });
    const devMaster = dir?.masterSecret ?? masterSecretFromSeed(options.seed);
    const keys = options.keyEncryptionKeys ?? devKeyRing(devMaster);
    const serverSecret = await loadServerSecret(db, keys, devMaster, Date.now()).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    const secrets = createSecrets(serverSecret);
    const evmSigner = await loadEvmSigner();
    const ctx: ServerContext = {
      db,
      keys,
      secrets,
      limits: { ...DEFAULT_LIMITS, ...((options.profile ?? "dev") === "dev" ? DEV_LIMITS : {}), ...options.limits },
      emailMode: normalizeEmailMode(options.emailMode),
      appName: options.appName ?? "Latch",
      custody: options.custody ?? "server",
      appUrl: options.appUrl,
      seeded: options.seed !== undefined,
      now: options.now ?? Date.now,
      publicUrl: options.publicUrl?.replace(/\/+$/, "") ?? "",
      jwtIssuers: options.jwtIssuers ?? [],
      origins,
      profile: options.profile ?? "dev",
      idpRedirectUris: options.idpRedirectUris ?? [],
      delivery: options.delivery ?? inboxDelivery,
      socialProviders: typeof options.socialProviders === "function" ? options.socialProviders(secrets) : (options.socialProviders ?? []),
      observer: options.observer ?? silentObserver,
      methods,
      deriver: createWalletDeriver(options.derivationThreads ?? 0),
      evmSigner,
    };
    const log = options.log === true ? (line: string) => console.log(`[latch-server] ${line}`) : options.log || undefined;
    const app = createApp(ctx, { log, checkAnswers: options.checkAnswers, ...options.hooks });
    const pruner = setInterval(() => void pruneExpired(ctx).catch(() => undefined), PRUNE_INTERVAL_MS);
    pruner.unref();

    let basePath = basePathOf(ctx.publicUrl);
    let closing: Promise<void> | undefined;
    const fetch = (request: Request, env?: unknown) => Promise.resolve(app.hono.fetch(withoutBasePath(request, basePath), env as object | undefined));
    return {
      fetch,
      nodeListener: directListener(app, () => basePath, getRequestListener(fetch, { overrideGlobalObjects: false })),
      get publicUrl() {
        return ctx.publicUrl;
      },
      setPublicUrl(url) {
        ctx.publicUrl = url.replace(/\/+$/, "");
        basePath = basePathOf(ctx.publicUrl);
      },
      get basePath() {
        return basePath;
      },
      dataDir: dir?.path,
      evmSigner: { implementation: evmSigner.implementation, ...(evmSigner.fallbackReason ? { fallbackReason: evmSigner.fallbackReason } : {}) },
      inbox: {
        messages: (to) => listMessages(db, to),
        latest: async (to) => (await listMessages(db, to))[0],
        clear: () => clearMessages(db),
      },
      close() {
        closing ??= (async () => {
          clearInterval(pruner);
          await ctx.deriver.close();
          await db.close();
          dir?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    dir?.release();
    throw error;
  }
}

function basePathOf(publicUrl: string): string {
  if (!publicUrl) return "";
  return new URL(publicUrl).pathname.replace(/\/+$/, "");
}

/** `/latch/signer/v1/x` → `/signer/v1/x` when the server lives under `/latch`; other paths pass as they are (a proxy that strips the prefix). */
function withoutBasePath(request: Request, basePath: string): Request {
  if (!basePath) return request;
  const url = new URL(request.url);
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return request;
  url.pathname = url.pathname.slice(basePath.length) || "/";
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: request.headers, signal: request.signal, redirect: request.redirect };
  if (request.body) Object.assign(init, { body: request.body, duplex: "half" });
  return new Request(url, init);
}
