// The credential bundle's HPKE on node:crypto (server/crypto/hpke.ts) against @hpke/core, the
// implementation it replaced: the same bytes from the same ephemeral key, and each opens the other's.
import { createECDH } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import { hpkeSenderP256 } from "../../server/crypto/hpke";
import { sealCredentialBundle } from "../../server/crypto/bundle";
import { newTargetKey, openBundle } from "./support/client";

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const info = new TextEncoder().encode("turnkey_hpke");
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
/** A copy in an ArrayBuffer of its own (a Buffer's .buffer is its whole pool). */
const buffer = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;

async function recipientKey(privateKey: Uint8Array) {
  const pub = p256.getPublicKey(privateKey, false);
  return suite.kem.importKey("jwk", { kty: "EC", crv: "P-256", d: b64u(privateKey), x: b64u(pub.subarray(1, 33)), y: b64u(pub.subarray(33)) }, false);
}

describe("HPKE on node:crypto (DHKEM(P-256), HKDF-SHA256, AES-256-GCM, base mode)", () => {
  it("makes the bytes @hpke/core makes from the same ephemeral key", async () => {
    for (const size of [0, 1, 32, 200]) {
      const receiverKey = p256.utils.randomSecretKey();
      const receiver = p256.getPublicKey(receiverKey, false);
      const ephemeral = p256.utils.randomSecretKey();
      const plaintext = new Uint8Array(size).map((_, i) => (i * 7 + size) & 0xff);
      const aad = new Uint8Array([1, 2, 3, size]);

      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(ephemeral);
      const ours = hpkeSenderP256(receiver, info, ecdh);
      const oursSealed = ours.seal(plaintext, aad);

      const reference = await suite.createSenderContext({
        recipientPublicKey: await suite.kem.importKey("raw", buffer(receiver), true),
        info: buffer(info),
        ekm: await recipientKey(ephemeral).then(async (privateKey) => ({ privateKey, publicKey: await suite.kem.importKey("raw", buffer(p256.getPublicKey(ephemeral, false)), true) })),
      });
      expect(Buffer.from(ours.enc).toString("hex"), `${size} bytes`).toBe(Buffer.from(reference.enc).toString("hex"));
      expect(Buffer.from(oursSealed).toString("hex"), `${size} bytes`).toBe(Buffer.from(await reference.seal(buffer(plaintext), buffer(aad))).toString("hex"));

      // And @hpke/core opens ours.
      const opener = await suite.createRecipientContext({ recipientKey: await recipientKey(receiverKey), enc: buffer(ours.enc), info: buffer(info) });
      expect(new Uint8Array(await opener.open(buffer(oursSealed), buffer(aad)))).toEqual(plaintext);
    }
  });

  it("seals credential bundles that open as before, never twice the same, and refuses a point off the curve", async () => {
    const target = newTargetKey();
    const credential = new Uint8Array(32).fill(9);
    const first = await sealCredentialBundle(target.publicKey, credential);
    const second = await sealCredentialBundle(target.publicKey, credential);
    expect(first).not.toBe(second);
    expect(await openBundle(first, target)).toEqual(credential);
    expect(await openBundle(second, target)).toEqual(credential);
    const offCurve = `04${"11".repeat(64)}`;
    await expect(sealCredentialBundle(offCurve, credential)).rejects.toThrow();
    const sender = hpkeSenderP256(p256.getPublicKey(p256.utils.randomSecretKey(), false), info);
    sender.seal(credential, new Uint8Array());
    expect(() => sender.seal(credential, new Uint8Array())).toThrow("one message");
  });
});
