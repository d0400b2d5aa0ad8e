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
  const receiver = p256PointFromHex(targetPublicKeyHex).uncompressed;
  const sender = hpkeSenderP256(receiver, INFO);
  const ciphertext = sender.seal(credential, concatBytes(sender.enc, receiver));
  return bs58check.encode(concatBytes(compressPoint(sender.enc), ciphertext));
}

/** SEC1 compression of an uncompressed point (0x04 ‖ x ‖ y → 0x02|0x03 ‖ x). */
function compressPoint(uncompressed: Uint8Array): Uint8Array {
  const compressed = uncompressed.slice(0, 33);
  compressed[0] = (uncompressed[64]! & 1) === 1 ? 0x03 : 0x02;
  return compressed;
}
