import { aeadOpen, aeadSeal } from "../crypto/aead";
import { bytesToHex } from "../crypto/encoding";
import type { WalletKeys } from "../crypto/wallet";
import type { KeyRing } from "./keyEncryptionKey";
import { newEnvelope, openEnvelope, type Envelope } from "./envelope";

/**
 * A wallet at rest: its own data key (wrapped by the KEK), the mnemonic and the derived private
 * keys sealed under that data key. Signing opens the keys (one unwrap, one AES-GCM open) instead of
 * deriving them from the mnemonic (PBKDF2 + BIP32 + SLIP-10, milliseconds).
 */
export interface SealedWallet extends Envelope {
  sealedMnemonic: Uint8Array;
  sealedKeys: Uint8Array;
}

export interface SigningKeys {
  evmPrivateKey: `0x${string}`;
  solanaPrivateKey: Uint8Array;
}

/** `owner` is the record the wallet belongs to (an organisation id): sealed parts cannot be moved to another. */
export async function sealWallet(ring: KeyRing, owner: string, mnemonic: string, keys: SigningKeys): Promise<SealedWallet> {
  const { envelope, dataKey } = await newEnvelope(ring, envelopeContext(owner));
  try {
    const signing = new Uint8Array(64);
    signing.set(Buffer.from(keys.evmPrivateKey.slice(2), "hex"), 0);
    signing.set(keys.solanaPrivateKey, 32);
    const sealedKeys = aeadSeal(dataKey, signing, `signing-keys\n${owner}`);
    signing.fill(0);
    return { ...envelope, sealedMnemonic: aeadSeal(dataKey, new TextEncoder().encode(mnemonic), `mnemonic\n${owner}`), sealedKeys };
  } finally {
    dataKey.fill(0);
  }
}

/** The private keys, for one signing call; nothing keeps them. */
export async function openSigningKeys(ring: KeyRing, owner: string, sealed: Envelope & { sealedKeys: Uint8Array }): Promise<SigningKeys> {
  const dataKey = await openEnvelope(ring, sealed, envelopeContext(owner));
  try {
    const signing = aeadOpen(dataKey, sealed.sealedKeys, `signing-keys\n${owner}`);
    const keys = { evmPrivateKey: `0x${bytesToHex(signing.subarray(0, 32))}` as const, solanaPrivateKey: signing.slice(32) };
    signing.fill(0);
    return keys;
  } finally {
    dataKey.fill(0);
  }
}

/** The mnemonic, opened only to export it. */
export async function openMnemonic(ring: KeyRing, owner: string, sealed: Envelope & { sealedMnemonic: Uint8Array }): Promise<Uint8Array> {
  const dataKey = await openEnvelope(ring, sealed, envelopeContext(owner));
  try {
    return aeadOpen(dataKey, sealed.sealedMnemonic, `mnemonic\n${owner}`);
  } finally {
    dataKey.fill(0);
  }
}

export function envelopeContext(owner: string): string {
  return `wallet\n${owner}`;
}

export function signingKeysOf(keys: WalletKeys): SigningKeys {
  return { evmPrivateKey: keys.evmPrivateKey, solanaPrivateKey: keys.solanaPrivateKey };
}

/** A key of one account, sealed under its wallet's data key and bound to the wallet and address. */
export interface AccountKey {
  addressKey: string;
  privateKey: Uint8Array;
}

function accountKeyContext(owner: string, addressKey: string): string {
  return `account-key\n${owner}\n${addressKey}`;
}

/** A new wallet (an imported one): a fresh data key, the mnemonic and the accounts' keys sealed under it. */
export async function sealNewWallet(
  ring: KeyRing,
  owner: string,
  mnemonic: string,
  accounts: AccountKey[],
): Promise<Envelope & { sealedMnemonic: Uint8Array; sealedKeys: Uint8Array[] }> {
  const { envelope, dataKey } = await newEnvelope(ring, envelopeContext(owner));
  try {
    return {
      ...envelope,
      sealedMnemonic: aeadSeal(dataKey, new TextEncoder().encode(mnemonic), `mnemonic\n${owner}`),
      sealedKeys: accounts.map((account) => aeadSeal(dataKey, account.privateKey, accountKeyContext(owner, account.addressKey))),
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Keys of accounts added to a stored wallet, sealed under its data key. */
export async function sealAccountKeys(ring: KeyRing, owner: string, envelope: Envelope, accounts: AccountKey[]): Promise<Uint8Array[]> {
  const dataKey = await openEnvelope(ring, envelope, envelopeContext(owner));
  try {
    return accounts.map((account) => aeadSeal(dataKey, account.privateKey, accountKeyContext(owner, account.addressKey)));
  } finally {
    dataKey.fill(0);
  }
}

/** One account's private key, for one signing call or export; nothing keeps it. */
export async function openAccountKey(ring: KeyRing, owner: string, envelope: Envelope, sealedKey: Uint8Array, addressKey: string): Promise<Uint8Array> {
  const dataKey = await openEnvelope(ring, envelope, envelopeContext(owner));
  try {
    return aeadOpen(dataKey, sealedKey, accountKeyContext(owner, addressKey));
  } finally {
    dataKey.fill(0);
  }
}
