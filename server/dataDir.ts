import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { masterSecretFromSeed } from "./crypto/secrets";

export interface DataDir {
  path: string;
  pgdata: string;
  masterSecret: Uint8Array;
  release(): void;
}

/**
 * Opens (creating if needed) a data dir: the database, the master secret that seals key material,
 * and a lock so that two emulators never share one database.
 */
export function openDataDir(dir: string, seed: string | undefined): DataDir {
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
  const secretFile = join(path, "master-secret");
  let masterSecret: Uint8Array;
  if (existsSync(secretFile)) {
    masterSecret = new Uint8Array(Buffer.from(readFileSync(secretFile, "utf8").trim(), "hex"));
  } else {
    masterSecret = seed === undefined ? new Uint8Array(randomBytes(32)) : masterSecretFromSeed(seed);
    writeFileSync(secretFile, Buffer.from(masterSecret).toString("hex"), { mode: 0o600 });
    writeFileSync(
      join(path, "README.txt"),
      "Data of the Latch local emulator: development only, never production.\nDelete this directory to start from scratch.\n",
    );
  }
  if (masterSecret.length !== 32) throw new Error(`${secretFile} must hold 32 bytes in hex`);
  return { path, pgdata: join(path, "pgdata"), masterSecret, release: () => rmSync(lock, { force: true }) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
