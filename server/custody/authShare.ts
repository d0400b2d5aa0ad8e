import { hkdfSync } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { aeadOpen, aeadSeal } from "../crypto/aead";
import { bytesToHex } from "../crypto/encoding";
import type { Secrets } from "../crypto/secrets";
import { newEnvelope, openEnvelope, type Envelope } from "./envelope";
import type { KeyRing } from "./keyEncryptionKey";

/** A split wallet's auth share at rest: sealed under its own data key, which the KEK wraps (as wallets are). */
export interface SealedAuthShare extends Envelope {
  sealedAuthShare: Uint8Array;
}

export function authShareContext(owner: string): string {
  return `auth-share\n${owner}`;
}

export async function sealAuthShare(ring: KeyRing, owner: string, share: Uint8Array): Promise<SealedAuthShare> {
  const { envelope, dataKey } = await newEnvelope(ring, envelopeContext(owner));
  try {
    return { ...envelope, sealedAuthShare: aeadSeal(dataKey, share, authShareContext(owner)) };
  } finally {
    dataKey.fill(0);
  }
}

/** The auth share, opened only to seal it again to a session's frame key. */
export async function openAuthShare(ring: KeyRing, owner: string, sealed: SealedAuthShare): Promise<Uint8Array> {
  const dataKey = await openEnvelope(ring, sealed, envelopeContext(owner));
  try {
    return aeadOpen(dataKey, sealed.sealedAuthShare, authShareContext(owner));
  } finally {
    dataKey.fill(0);
  }
}

/** The envelope context of the share's data key: its own, so a wallet's data key never opens a share. */
export function envelopeContext(owner: string): string {
  return `wallet-shares\n${owner}`;
}

const targets = new WeakMap<Secrets, { publicKeyHex: string; privateKey: Uint8Array }>();

/**
 * The key the signer frame seals the shares it uploads to (the auth share, the recovery box), baked
 * into the frame page as the export-signing key is: the app's page relays the upload and reads nothing.
 */
export function custodyTargetKey(secrets: Secrets): { publicKeyHex: string; privateKey: Uint8Array } {
  let key = targets.get(secrets);
  if (!key) {
    const seed = new Uint8Array(hkdfSync("sha256", secrets.key("custody-target"), "", "p256-scalar", 48));
    const privateKey = p256.utils.randomSecretKey(seed);
    key = { publicKeyHex: bytesToHex(p256.getPublicKey(privateKey, false)), privateKey };
    targets.set(secrets, key);
  }
  return key;
}
