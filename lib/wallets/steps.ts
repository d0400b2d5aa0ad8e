// Steps of the wallet flows, shared by every wallet plugin (EVM, remote pairing, Solana).
import type { ChainType } from "latch-kit";
import type { WalletEntry } from "./list";

declare module "latch-kit" {
  interface AuthStepRegistry {
    pick_eoa: { error?: Error };
    /** Connecting to a wallet of `chain` (wallet steps carry chain and the wallet). */
    eoa_connect: { chain: ChainType; wallet: WalletEntry; error?: Error };
    /** Connecting through the remote-pairing option (EVM only). */
    wallet_connect: { chain: "evm"; wallet: WalletEntry; error?: Error };
  }
}

export {};
