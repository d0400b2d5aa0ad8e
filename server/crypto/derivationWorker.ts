// A worker thread deriving wallets (BIP-39 seed, BIP-32 and SLIP-10 paths): milliseconds of point
// multiplications per sign-up that would otherwise block the server's event loop.
import { parentPort } from "node:worker_threads";
import { deriveWallet, loadFastDerivation } from "./wallet";

export interface DerivationRequest {
  id: number;
  mnemonic: string;
}

// libsecp256k1 (WebAssembly) when it loads, @scure/bip32 otherwise: the same keys either way.
const fast = parentPort ? loadFastDerivation() : undefined;

parentPort?.on("message", ({ id, mnemonic }: DerivationRequest) => {
  fast!.then((secp) => deriveWallet(mnemonic, secp)).then(
    (keys) => parentPort!.postMessage({ id, keys }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
