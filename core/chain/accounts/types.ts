// The four account types and the smart-account shape the kit hands out.
import type { Address } from "viem";
import type { SmartAccount, SmartAccountImplementation, entryPoint07Abi } from "viem/account-abstraction";
import type { Owner } from "../owner";

/** The smart account types the kit supports. */
export const ACCOUNT_TYPES = [
  "LightAccount",
  "MultiOwnerLightAccount",
  "ModularAccountV2",
  "MultiOwnerModularAccount",
] as const;

/** One of {@link ACCOUNT_TYPES}. */
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** What a Latch smart account adds to viem's: its type, owner(s), factory and salt. */
export interface LatchAccountExtension {
  accountType: AccountType;
  owner: Owner;
  /** Every owner the account was created with (one for single-owner types), ascending. */
  owners: readonly Address[];
  factoryAddress: Address;
  salt: bigint;
}

export type LatchSmartAccountImplementation = SmartAccountImplementation<
  typeof entryPoint07Abi,
  "0.7",
  LatchAccountExtension,
  false
>;

/** A viem smart account (EntryPoint v0.7) with the {@link LatchAccountExtension} fields. */
export type LatchSmartAccount = SmartAccount<LatchSmartAccountImplementation>;
