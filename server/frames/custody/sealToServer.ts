import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { hex } from "@scure/base";

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/**
 * Seals bytes to the server's custody key (uncompressed P-256, hex) as the import frame seals a
 * phrase: HPKE base mode, info "turnkey_hpke", AAD = encapsulated key ‖ target key; the server
 * opens it with openImportBundle. The page that relays it reads nothing.
 */
export async function sealToServer(targetPublicKeyHex: string, plaintext: Uint8Array): Promise<string> {
  if (!/^04[0-9a-f]{128}$/i.test(targetPublicKeyHex)) throw new Error("the server's custody key must be an uncompressed P-256 key in hex");
  const receiver = hex.decode(targetPublicKeyHex.toLowerCase());
  const recipientPublicKey = await suite.kem.importKey("raw", receiver.slice().buffer, true);
  const sender = await suite.createSenderContext({ recipientPublicKey, info: new TextEncoder().encode("turnkey_hpke").buffer });
  const enc = new Uint8Array(sender.enc);
  const aad = new Uint8Array(enc.length + receiver.length);
  aad.set(enc, 0);
  aad.set(receiver, enc.length);
  const ciphertext = new Uint8Array(await sender.seal(plaintext.slice().buffer, aad.buffer));
  return JSON.stringify({ encappedPublic: hex.encode(enc), ciphertext: hex.encode(ciphertext), targetPublic: targetPublicKeyHex.toLowerCase() });
}
