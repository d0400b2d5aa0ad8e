import { combine, split } from "shamir-secret-sharing";

/**
 * A wallet in split custody: its BIP-39 entropy cut into three Shamir shares, any two of which
 * rebuild it (the audited `shamir-secret-sharing` package). One alone says nothing about the entropy.
 */
export interface WalletShares {
  /** Kept by the signer frame in its own storage; never sent anywhere. */
  device: Uint8Array;
  /** Held by the server (sealed under its KEK), released only to a valid session, sealed to the frame's key. */
  auth: Uint8Array;
  /** Stored by the server only as a ciphertext under a key from the user's passkey (PRF) or recovery code. */
  recovery: Uint8Array;
}

export const SHARE_COUNT = 3;
export const SHARE_THRESHOLD = 2;

/** BIP-39 entropy is 16 to 32 bytes, in steps of 4 (12 to 24 words). */
export function isEntropy(bytes: Uint8Array): boolean {
  return bytes.length >= 16 && bytes.length <= 32 && bytes.length % 4 === 0;
}

export async function splitEntropy(entropy: Uint8Array): Promise<WalletShares> {
  if (!isEntropy(entropy)) throw new Error(`wallet entropy must be 16 to 32 bytes in steps of 4 (got ${entropy.length})`);
  const [device, auth, recovery] = await split(entropy, SHARE_COUNT, SHARE_THRESHOLD);
  return { device: device!, auth: auth!, recovery: recovery! };
}

/**
 * The entropy from two shares of one split. Shares of different splits (an old device share after
 * a re-share) combine without error into other bytes: callers check the addresses they derive.
 */
export async function joinShares(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  if (first.length !== second.length) throw new Error("the two shares are of different lengths: they are not of the same wallet");
  if (first.at(-1) === second.at(-1)) throw new Error("the same share twice: two different shares are needed");
  const entropy = await combine([first, second]);
  if (!isEntropy(entropy)) throw new Error(`the shares rebuild ${entropy.length} bytes, not wallet entropy`);
  return entropy;
}
