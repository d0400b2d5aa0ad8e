// Factory addresses per account type and chain: the canonical published factories (the same address on every
// chain the provider supports), overridable per chain (`chain.contracts`) or per call — local chains must.
import type { Address, Chain } from "viem";
import { LOCAL_CHAIN_IDS } from "../chains";
import { UnknownAccountFactoryError } from "../errors";
import type { AccountType } from "./types";

/** The factory address of each account type on public chains (used when a chain names none). */
export const CANONICAL_FACTORY_ADDRESSES: Record<AccountType, Address> = {
  LightAccount: "0x0000000000400CdFef5E2714E63d8040b700BC24",
  MultiOwnerLightAccount: "0x000000000019d2Ee9F2729A65AfE20bb0020AefC",
  ModularAccountV2: "0x00000000000017c61b5bEe81050EC8eFc9c6fecd",
  MultiOwnerModularAccount: "0x000000e92D78D90000007F0082006FDA09BD5f11",
};

/** The `chain.contracts` key that overrides a type's factory on that chain. */
export const FACTORY_CONTRACT_KEYS: Record<AccountType, string> = {
  LightAccount: "lightAccountFactory",
  MultiOwnerLightAccount: "multiOwnerLightAccountFactory",
  ModularAccountV2: "modularAccountV2Factory",
  MultiOwnerModularAccount: "multiOwnerModularAccountFactory",
};

/** override → chain.contracts → the canonical address (never on a local chain). */
export function resolveFactoryAddress(type: AccountType, chain: Chain, override?: Address): Address {
  if (override) return override;
  const contract = (chain.contracts as Record<string, { address?: Address } | undefined> | undefined)?.[
    FACTORY_CONTRACT_KEYS[type]
  ];
  if (contract?.address) return contract.address;
  if (LOCAL_CHAIN_IDS.has(chain.id)) throw new UnknownAccountFactoryError(type, chain.id);
  return CANONICAL_FACTORY_ADDRESSES[type];
}
