// Signature formats of the four account types (documented in contracts/README.md, which the devnet doubles
// implement):
// - user operation: prefix ‖ ECDSA(owner, EIP-191(userOpHash));
// - ERC-1271: prefix ‖ ECDSA(owner, EIP-712 wrapper of the hash, bound to the account and chain), wrapped in
//   ERC-6492 while the account is not deployed (viem's toSmartAccount does that).
import { type Address, type Hex, type TypedDataDefinition, concat } from "viem";
import type { AccountType } from "./types";

/** LightAccount v2 signature-type byte: the owner is an EOA. */
export const SIGNATURE_TYPE_EOA: Hex = "0x00";
/** ModularAccountV2: the validation selector of the owner ("fallback signer") validation. */
export const MODULAR_OWNER_VALIDATION: Hex = "0xff";

/** A well-formed ECDSA signature recovering to no owner: lets the bundler estimate gas before signing. */
export const STUB_ECDSA_SIGNATURE: Hex =
  "0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c";

/** How an account type wraps its owner's signature, for user operations and ERC-1271. */
export interface SignatureScheme {
  /** Bytes before the owner's 65-byte ECDSA signature, in user operations and ERC-1271 signatures alike. */
  prefix: Hex;
  /** What the owner signs to approve `hash` for ERC-1271 on `account`. */
  erc1271TypedData(parameters: { chainId: number; account: Address; hash: Hex }): TypedDataDefinition;
}

function lightAccountScheme(name: string): SignatureScheme {
  return {
    prefix: SIGNATURE_TYPE_EOA,
    erc1271TypedData: ({ chainId, account, hash }) => ({
      domain: { name, version: "2", chainId, verifyingContract: account },
      types: { LightAccountMessage: [{ name: "message", type: "bytes" }] },
      primaryType: "LightAccountMessage",
      message: { message: hash },
    }),
  };
}

/** The signature scheme of each account type. */
export const SIGNATURE_SCHEMES: Record<AccountType, SignatureScheme> = {
  LightAccount: lightAccountScheme("LightAccount"),
  MultiOwnerLightAccount: lightAccountScheme("MultiOwnerLightAccount"),
  ModularAccountV2: {
    prefix: concat([MODULAR_OWNER_VALIDATION, SIGNATURE_TYPE_EOA]),
    erc1271TypedData: ({ chainId, account, hash }) => ({
      domain: { chainId, verifyingContract: account },
      types: { ReplaySafeHash: [{ name: "hash", type: "bytes32" }] },
      primaryType: "ReplaySafeHash",
      message: { hash },
    }),
  },
  MultiOwnerModularAccount: {
    prefix: "0x",
    erc1271TypedData: ({ chainId, account, hash }) => ({
      domain: { name: "MultiOwnerModularAccount", version: "1", chainId, verifyingContract: account },
      types: { ModularAccountMessage: [{ name: "message", type: "bytes" }] },
      primaryType: "ModularAccountMessage",
      message: { message: hash },
    }),
  },
};
