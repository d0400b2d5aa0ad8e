import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { masterSecretFromSeed } from "./crypto/secrets";

export interface DataDir {
  path: string;
  pgdata: string;
  /** The development master secret (kept in the dir); undefined when the server has key-encryption keys of its own. */
  masterSecret: Uint8Array | undefined;
  release(): void;
}

const DEV_README = "Data of the Latch local emulator: development only, never production.\nDelete this directory to start from scratch.\n";
const SERVER_README =
  "Data of a Latch server (production profile): the embedded PostgreSQL (pgdata/) with every account's sealed keys.\n" +
  "The keys open only with the server's key-encryption key (LATCH_SECRET_KEY / LATCH_SECRET_KEY_FILE), which is not kept here.\n" +
  "Back up this directory and the key separately; losing either loses the wallets. Never delete it to 'start from scratch'.\n";

/**
 * Opens (creating if needed) a data dir: the database, a lock so that two servers never share one
 * database and, for the development profile (`devSecret`), the master secret that seals key material.
 * A server with its own key-encryption keys keeps no secret in the directory.
 */
export function openDataDir(dir: string, seed: string | undefined, devSecret = true): DataDir {
  const path = resolve(dir);
  mkdirSync(path, { recursive: true, mode: 0o700 });
  // The database holds codes and sealed keys: only the owner may enter the directory.
  chmodSync(path, 0o700);
  const lock = join(path, "emulator.lock");
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, "utf8"));
    if (pid && isAlive(pid)) throw new Error(`The data dir ${path} is in use by another emulator (pid ${pid})`);
  }
  writeFileSync(lock, String(process.pid));
  const release = () => rmSync(lock, { force: true });
  if (!devSecret) {
    writeFileSync(join(path, "README.txt"), SERVER_README);
    return { path, pgdata: join(path, "pgdata"), masterSecret: undefined, release };
  }
  const secretFile = join(path, "master-secret");
  let masterSecret: Uint8Array;
  if (existsSync(secretFile)) {
    masterSecret = new Uint8Array(Buffer.from(readFileSync(secretFile, "utf8").trim(), "hex"));
  } else {
    masterSecret = seed === undefined ? new Uint8Array(randomBytes(32)) : masterSecretFromSeed(seed);
    writeFileSync(secretFile, Buffer.from(masterSecret).toString("hex"), { mode: 0o600 });
    writeFileSync(join(path, "README.txt"), DEV_README);
  }
  if (masterSecret.length !== 32) throw new Error(`${secretFile} must hold 32 bytes in hex`);
  return { path, pgdata: join(path, "pgdata"), masterSecret, release };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
