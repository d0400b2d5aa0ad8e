// A worker thread deriving wallets (BIP-39 seed, BIP-32 and SLIP-10 paths): milliseconds of point
// multiplications per sign-up that would otherwise block the server's event loop.
import { parentPort } from "node:worker_threads";
import { deriveWallet } from "./wallet";

export interface DerivationRequest {
  id: number;
  mnemonic: string;
}

parentPort?.on("message", ({ id, mnemonic }: DerivationRequest) => {
  deriveWallet(mnemonic).then(
    (keys) => parentPort!.postMessage({ id, keys }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
