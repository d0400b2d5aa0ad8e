import { createHash } from "node:crypto";
import pg from "pg";
import { asUnavailable } from "./unavailable";
import type { Connection, Database, Sql } from "./sql";

export interface PostgresOptions {
  url: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** How long a request waits for a connection or a statement before it fails (default 10 s). */
  timeoutMs?: number;
}

const INT8 = 20;

/**
 * A PostgreSQL pool. Every statement is sent as a named prepared statement (named by a hash of
 * its text), so each connection parses and plans a query once. bigint comes back as a number,
 * like PGlite's, so store code reads the same rows from both.
 */
export function openPostgres(options: PostgresOptions): Database {
  const timeout = options.timeoutMs ?? 10_000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeout,
    query_timeout: timeout,
    idleTimeoutMillis: 30_000,
    types: { getTypeParser: ((oid: number, format?: "text" | "binary") => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  });
  // An idle connection that breaks (the server restarted) is dropped by the pool; without a
  // listener the error would end the process.
  pool.on("error", () => undefined);
  // The same for a connection in use: its query fails (and the request answers 503); the process stays up.
  pool.on("connect", (client) => client.on("error", () => undefined));

  const statementName = statementNamer();
  const run = async <T>(client: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    try {
      const result = await client.query(params === undefined ? text : { name: statementName(text), text, values: params });
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    } catch (error) {
      throw asUnavailable(error);
    }
  };
  const connect = async () => {
    try {
      return await pool.connect();
    } catch (error) {
      throw asUnavailable(error);
    }
  };
  const inTransaction = async <T>(client: pg.PoolClient, fn: (tx: Sql) => Promise<T>): Promise<T> => {
    const tx: Sql = { query: (text, params) => run(client, text, params) };
    await run(client, "begin");
    try {
      const result = await fn(tx);
      await run(client, "commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    }
  };
  const held = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await connect();
    let failure: Error | undefined;
    try {
      return await fn(client);
    } catch (error) {
      // A connection whose rollback or unlock may not have run is closed, not reused.
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(failure);
    }
  };

  return {
    engine: "postgres",
    query: (text, params) => run(pool, text, params),
    transaction: (fn) => held((client) => inTransaction(client, fn)),
    withLock: (key, fn) =>
      held(async (client) => {
        await run(client, "select pg_advisory_lock($1)", [key]);
        const connection: Connection = {
          query: (text, params) => run(client, text, params),
          exec: async (statements) => {
            try {
              await client.query(statements);
            } catch (error) {
              throw asUnavailable(error);
            }
          },
        };
        try {
          return await fn(connection);
        } finally {
          await run(client, "select pg_advisory_unlock($1)", [key]);
        }
      }),
    close: () => pool.end(),
  };
}

/** Statement names by text; the texts are the code's own, so the map stays small. */
function statementNamer(): (text: string) => string {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (!name) {
      name = `latch_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
}
