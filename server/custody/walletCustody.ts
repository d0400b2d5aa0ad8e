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
