// The accounts anvil funds at genesis (its default test mnemonic) and who uses which.
import { type Hex, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";

/** anvil's default mnemonic: every local chain tool funds these, so they are public and worthless. */
export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

export function anvilKey(index: number): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error(`no key at index ${index}`);
  return toHex(key);
}

/** 0 deploys the EntryPoints and factories; 1 and 2 belong to the bundler; the rest are handed out. */
export const KEY_ROLES = { deployer: 0, bundlerUtility: 1, bundlerExecutor: 2, firstFunded: 3, count: 10 } as const;
