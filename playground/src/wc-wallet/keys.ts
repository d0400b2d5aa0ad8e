// The keys the dev wallet offers: the devnet's public test keys from index 7 (the EIP-6963 dev wallets hold the same).
import type { Address } from "viem";
import type { HDAccount } from "viem/accounts";
import { devKeyAccount, FIRST_DEV_KEY_INDEX } from "../devnet-keys";

export const DEV_KEYS: HDAccount[] = [0, 1, 2].map((i) => devKeyAccount(FIRST_DEV_KEY_INDEX + i));

export const keyIndex = (account: HDAccount): number => FIRST_DEV_KEY_INDEX + DEV_KEYS.indexOf(account);

/** The key a session's account belongs to (`eip155:<chain>:<address>`). */
export const keyOf = (caipAccount: string | undefined): HDAccount | undefined =>
  DEV_KEYS.find((k) => caipAccount?.toLowerCase().endsWith(`:${k.address.toLowerCase()}`));

export const keyByAddress = (address: Address): HDAccount | undefined => DEV_KEYS.find((k) => k.address === address);
