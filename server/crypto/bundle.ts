import { bs58check, concatBytes, utf8 } from "./encoding";
import { hpkeSenderP256 } from "./hpke";
import { p256PointFromHex } from "./p256";

/** HPKE info string of credential bundles. */
export const BUNDLE_HPKE_INFO = "turnkey_hpke";
const INFO = utf8(BUNDLE_HPKE_INFO);

/**
 * Seals a credential to the client's target key: bs58check(compressed encapsulated key ‖ ciphertext),
 * with AAD = encapsulated key (uncompressed) ‖ target key (uncompressed), as the auth frame expects.
 * Async so that a bad target key is a rejection, as callers expect.
 */
export async function sealCredentialBundle(targetPublicKeyHex: string, credential: Uint8Array): Promise<string> {
  const { enc, ciphertext } = sealToTargetKey(targetPublicKeyHex, credential);
  return bs58check.encode(concatBytes(compressPoint(enc), ciphertext));
}

/**
 * HPKE-seals a secret to a frame's target key (info "turnkey_hpke", AAD = encapsulated key ‖ target key,
 * both uncompressed): the sealing of credential and export bundles alike. Throws on a bad target key.
 */
export function sealToTargetKey(targetPublicKeyHex: string, secret: Uint8Array): { enc: Uint8Array; ciphertext: Uint8Array } {
  const receiver = p256PointFromHex(targetPublicKeyHex).uncompressed;
  const sender = hpkeSenderP256(receiver, INFO);
  return { enc: sender.enc, ciphertext: sender.seal(secret, concatBytes(sender.enc, receiver)) };
}

/** SEC1 compression of an uncompressed point (0x04 ‖ x ‖ y → 0x02|0x03 ‖ x). */
function compressPoint(uncompressed: Uint8Array): Uint8Array {
  const compressed = uncompressed.slice(0, 33);
  compressed[0] = (uncompressed[64]! & 1) === 1 ? 0x03 : 0x02;
  return compressed;
}
