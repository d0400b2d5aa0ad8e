import { HDKey } from "@scure/bip32";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { privateKeyToAddress } from "viem/accounts";
import { bytesToHex } from "./encoding";
import { slip10Ed25519 } from "./slip10";

/** An account to derive, as the key-management API names one. */
export interface AccountSpec {
  curve: string;
  pathFormat: string;
  path: string;
  addressFormat: string;
}

export interface DerivedAccount extends AccountSpec {
  address: string;
  privateKey: Uint8Array;
}

/** The account kinds a wallet can hold: their curve and the path of their account number `i`. */
export const ACCOUNT_KINDS = {
  ADDRESS_FORMAT_ETHEREUM: { curve: "CURVE_SECP256K1", pathOf: (i: number) => `m/44'/60'/0'/0/${i}` },
  ADDRESS_FORMAT_SOLANA: { curve: "CURVE_ED25519", pathOf: (i: number) => `m/44'/501'/${i}'/0'` },
} as const;

export type AddressFormat = keyof typeof ACCOUNT_KINDS;

const MAX_DEPTH = 10;
const HARDENED_LIMIT = 0x80000000;

/** Why an account cannot be derived (wrong curve, path format, path), or undefined when it can. */
export function accountSpecProblem(spec: AccountSpec): string | undefined {
  const kind = ACCOUNT_KINDS[spec.addressFormat as AddressFormat];
  if (!kind) return `addressFormat ${spec.addressFormat} is not supported (${Object.keys(ACCOUNT_KINDS).join(" or ")})`;
  if (spec.curve !== kind.curve) return `${spec.addressFormat} accounts use ${kind.curve}, not ${spec.curve}`;
  if (spec.pathFormat !== "PATH_FORMAT_BIP32") return `pathFormat must be PATH_FORMAT_BIP32, not ${spec.pathFormat}`;
  const segments = spec.path.split("/");
  if (segments[0] !== "m" || segments.length < 2 || segments.length > MAX_DEPTH + 1) return `path ${spec.path} must be m/… with 1 to ${MAX_DEPTH} indices`;
  for (const segment of segments.slice(1)) {
    const match = /^(\d{1,10})('?)$/.exec(segment);
    if (!match || Number(match[1]) >= HARDENED_LIMIT) return `path ${spec.path} has an invalid index "${segment}"`;
    if (kind.curve === "CURVE_ED25519" && !match[2]) return `path ${spec.path}: ed25519 derivation takes hardened indices only (…')`;
  }
  return undefined;
}

/** Derives one account from a BIP-39 seed (BIP-32 for secp256k1, SLIP-10 for ed25519); the spec must pass accountSpecProblem. */
export function deriveAccount(seed: Uint8Array, spec: AccountSpec): DerivedAccount {
  if (spec.addressFormat === "ADDRESS_FORMAT_SOLANA") {
    const privateKey = slip10Ed25519(seed, spec.path);
    return { ...spec, address: base58.encode(ed25519.getPublicKey(privateKey)), privateKey };
  }
  const privateKey = HDKey.fromMasterSeed(seed).derive(spec.path).privateKey;
  if (!privateKey) throw new Error(`no private key at ${spec.path}`);
  return { ...spec, address: privateKeyToAddress(`0x${bytesToHex(privateKey)}`), privateKey };
}

/** How an address is looked up: EVM addresses case-insensitively, Solana ones exactly. */
export function addressKeyOf(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address;
}
