import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL cluster in a temp dir on a free loopback port (never the system service).
 * As root (sessions, CI) initdb and the server run as the `postgres` user the Debian package creates.
 */
export interface PostgresCluster {
  port: number;
  /** A URL for a fresh, empty database of its own. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
  /** Stops the server abruptly (no checkpoint; like a crash) and leaves it down. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Removes the cluster. */
  destroy(): Promise<void>;
}

/** The directory of initdb and pg_ctl: LATCH_PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  const fromEnv = process.env.LATCH_PG_BIN;
  if (fromEnv) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL is not installed: apt-get install -y postgresql (or set LATCH_PG_BIN to the directory of initdb and pg_ctl)");
  return join(root, newest, "bin");
}

/** `durable`: fsync on (benchmarks); tests run with fsync off (a crash of the machine is not what they test). */
export async function startPostgresCluster(options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "latch-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, ...postgresIds());
  const as = (command: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, command), ...args]) : run(join(bin, command), args);
  const data = join(dir, "data");
  await as("initdb", ["-D", data, "-A", "trust", "-U", "latch", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.durable ? "on" : "off"} -c max_connections=200`;
  const start = async () => {
    await as("pg_ctl", ["-D", data, "-o", serverOptions, "-l", join(dir, "log"), "-w", "-t", "30", "start"]);
  };
  const stop = async (mode: "fast" | "immediate") => {
    await as("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]).catch(() => undefined);
  };
  await start();
  let databases = 0;
  return {
    port,
    async createDatabase() {
      const name = `latch_${process.pid}_${++databases}`;
      const admin = new pg.Client({ connectionString: `postgres://latch@127.0.0.1:${port}/postgres` });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://latch@127.0.0.1:${port}/${name}`;
    },
    stop: () => stop("fast"),
    kill: () => stop("immediate"),
    start,
    async destroy() {
      await stop("immediate");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): [number, number] {
  const line = readFileSync("/etc/passwd", "utf8").split("\n").find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("No postgres system user: apt-get install -y postgresql creates it");
  const [, , uid, gid] = line.split(":");
  return [Number(uid), Number(gid)];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
