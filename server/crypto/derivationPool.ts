import { Worker } from "node:worker_threads";
import { deriveWallet, loadFastDerivation, type WalletKeys } from "./wallet";

/** Derives wallets from mnemonics, on worker threads when it has any. */
export interface WalletDeriver {
  derive(mnemonic: string): Promise<WalletKeys>;
  close(): Promise<void>;
}

interface Pending {
  resolve(keys: WalletKeys): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * The worker's module: compiled JavaScript beside this module in the server package (any Node the
 * package supports), or the TypeScript source through the tsx loader when the repository runs from
 * source (Node 22: a worker on Node 20 cannot load .ts, ERR_UNKNOWN_FILE_EXTENSION).
 */
const WORKER = import.meta.url.endsWith(".ts")
  ? { file: new URL("./derivationWorker.ts", import.meta.url), execArgv: ["--import", "tsx"] }
  : { file: new URL("./derivationWorker.js", import.meta.url), execArgv: [] };

/**
 * `threads` workers (0: derive on the calling thread), started at once so the first sign-up does not
 * wait for one to load. An idle worker does not keep the process alive; one that dies fails the
 * requests it held and is replaced at the next.
 */
export function createWalletDeriver(threads: number): WalletDeriver {
  if (threads <= 0) {
    const fast = loadFastDerivation();
    return { derive: async (mnemonic) => deriveWallet(mnemonic, await fast), close: async () => undefined };
  }
  const pool: Array<Thread | undefined> = Array.from({ length: threads }, () => undefined);
  let nextId = 0;
  let closed = false;

  const start = (slot: number): Thread => {
    const worker = new Worker(WORKER.file, { execArgv: WORKER.execArgv });
    const thread: Thread = { worker, pending: new Map() };
    const failAll = (error: Error) => {
      if (pool[slot] === thread) pool[slot] = undefined;
      for (const { reject } of thread.pending.values()) reject(error);
      thread.pending.clear();
    };
    worker.on("message", ({ id, keys, error }: { id: number; keys?: WalletKeys; error?: string }) => {
      const waiting = thread.pending.get(id);
      thread.pending.delete(id);
      if (thread.pending.size === 0) worker.unref();
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(keys!);
    });
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`the wallet derivation thread exited (${code})`)));
    worker.unref();
    return thread;
  };
  for (let slot = 0; slot < threads; slot++) pool[slot] = start(slot);

  const leastBusy = (): Thread => {
    let best = 0;
    for (let slot = 0; slot < pool.length; slot++) {
      if (!pool[slot]) return (pool[slot] = start(slot));
      if (pool[slot]!.pending.size < pool[best]!.pending.size) best = slot;
    }
    return pool[best]!;
  };

  return {
    derive(mnemonic) {
      if (closed) return Promise.reject(new Error("the server is stopping"));
      const thread = leastBusy();
      const id = nextId++;
      thread.worker.ref();
      return new Promise((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, mnemonic });
      });
    },
    async close() {
      closed = true;
      await Promise.all(pool.map((thread) => thread?.worker.terminate()));
    },
  };
}
