import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { readSignedBundle } from "./exportBundle";

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** What an import bundle carries once its signature by `signingKey` checks out. */
export function readImportBundle(bundle: string, signingKey: string): { organizationId: string; userId: string; targetPublic: string } {
  return readSignedBundle(bundle, signingKey);
}

/** Seals a secret to an import bundle's target key as the import frame does: the encrypted bundle import_wallet takes. */
export async function sealToImportBundle(bundle: string, signingKey: string, secret: string): Promise<string> {
  const { targetPublic } = readImportBundle(bundle, signingKey);
  const receiver = new Uint8Array(Buffer.from(targetPublic, "hex"));
  const recipientPublicKey = await suite.kem.importKey("raw", receiver.slice().buffer, true);
  const sender = await suite.createSenderContext({ recipientPublicKey, info: new TextEncoder().encode("turnkey_hpke").buffer });
  const enc = new Uint8Array(sender.enc);
  const aad = new Uint8Array([...enc, ...receiver]);
  const ciphertext = new Uint8Array(await sender.seal(new TextEncoder().encode(secret).buffer, aad.buffer));
  return JSON.stringify({ encappedPublic: Buffer.from(enc).toString("hex"), ciphertext: Buffer.from(ciphertext).toString("hex"), targetPublic });
}
