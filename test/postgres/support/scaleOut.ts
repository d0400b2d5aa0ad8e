import pg from "pg";
import { randomBytes } from "node:crypto";
import { startServer, type ServerOptions, type RunningServer } from "../../../server/index";
import { keyRing, localKeyEncryptionKey, type KeyRing } from "../../../server/custody/keyEncryptionKey";
import { EmulatorClient } from "../../server/support/client";
import { startPostgresCluster, type PostgresCluster } from "../../server/support/postgresCluster";

export interface ScaleOut {
  cluster: PostgresCluster;
  databaseUrl: string;
  keys: KeyRing;
  instances: RunningServer[];
  clients: EmulatorClient[];
  /** The next instance's client, in turn (a round-robin load balancer). */
  next(): EmulatorClient;
  startInstance(options?: ServerOptions): Promise<RunningServer>;
  stop(): Promise<void>;
}

/** One query on its own connection to `databaseUrl` (what an operator or a breach would read). */
export async function queryDatabase<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export function newKeyRing(): KeyRing {
  return keyRing([localKeyEncryptionKey(new Uint8Array(randomBytes(32)))]);
}

/** `count` server instances, in this process, on one fresh database of a throw-away PostgreSQL cluster. */
export async function startScaleOut(count: number, options: ServerOptions = {}): Promise<ScaleOut> {
  const cluster = await startPostgresCluster();
  const databaseUrl = await cluster.createDatabase();
  const keys = newKeyRing();
  const instances: RunningServer[] = [];
  const startInstance = async (extra: ServerOptions = {}) => {
    const instance = await startServer({ port: 0, database: { engine: "postgres", url: databaseUrl }, keyEncryptionKeys: keys, ...options, ...extra });
    instances.push(instance);
    return instance;
  };
  try {
    await Promise.all(Array.from({ length: count }, () => startInstance()));
  } catch (error) {
    await Promise.all(instances.map((i) => i.stop()));
    await cluster.destroy();
    throw error;
  }
  const clients = instances.map((i) => new EmulatorClient(i.url));
  let turn = 0;
  return {
    cluster,
    databaseUrl,
    keys,
    instances,
    clients,
    next: () => clients[turn++ % clients.length]!,
    startInstance,
    async stop() {
      await Promise.all(instances.map((i) => i.stop()));
      await cluster.destroy();
    },
  };
}
