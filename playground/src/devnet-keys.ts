// The devnet's public test keys (anvil's mnemonic, worthless by design), shared by the playground's dev wallets.
import { mnemonicToAccount, type HDAccount } from "viem/accounts";

export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
export const DEVNET_CHAIN_ID = 31337;
/** Indices 0–2 are the devnet's deployer and bundler keys; tests hand out 3 and up from the start. */
export const FIRST_DEV_KEY_INDEX = 7;

export const devKeyAccount = (index: number): HDAccount => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
