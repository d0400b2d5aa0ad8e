import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { bs58check, concatBytes, utf8 } from "./encoding";
import { p256PointFromHex } from "./p256";

/** HPKE info string of credential bundles. */
export const BUNDLE_HPKE_INFO = "turnkey_hpke";

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/**
 * Seals a credential to the client's target key: bs58check(compressed encapsulated key ‖ ciphertext),
 * with AAD = encapsulated key (uncompressed) ‖ target key (uncompressed), as the auth frame expects.
 */
export async function sealCredentialBundle(targetPublicKeyHex: string, credential: Uint8Array): Promise<string> {
  const receiver = p256PointFromHex(targetPublicKeyHex).uncompressed;
  const recipientPublicKey = await suite.kem.importKey("raw", receiver.slice().buffer, true);
  const sender = await suite.createSenderContext({ recipientPublicKey, info: utf8(BUNDLE_HPKE_INFO).buffer as ArrayBuffer });
  const enc = new Uint8Array(sender.enc);
  const ciphertext = new Uint8Array(await sender.seal(credential.slice().buffer, concatBytes(enc, receiver).buffer as ArrayBuffer));
  return bs58check.encode(concatBytes(p256PointFromHex(Buffer.from(enc).toString("hex")).compressed, ciphertext));
}
