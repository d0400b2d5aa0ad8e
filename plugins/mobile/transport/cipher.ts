// The session's cryptography (MWA spec "Session establishment" and "Encrypted messages"), on WebCrypto:
//   HELLO_REQ = our ephemeral ECDH P-256 public key (65 bytes) ‖ its ECDSA-SHA256 signature (r ‖ s)
//               by the association key.
//   HELLO_RSP = the wallet's ECDH public key (65 bytes) ‖ optionally its encrypted session properties.
//   Session key = HKDF-SHA256(ECDH secret, salt = the association public key, no info) → AES-128-GCM.
//   Frame = 4-byte big-endian sequence number ‖ 12-byte IV ‖ ciphertext ‖ 16-byte tag, the sequence
//   number as additional data. Each side counts its own frames from 1; anything else is refused.
import { MOBILE_WALLET_ERROR_CODES as CODES, MobileWalletError } from "../errors";
import { MWA_AES_KEY_BITS, MWA_AES_TAG_BITS, MWA_CURVE, MWA_IV_BYTES, MWA_PUBLIC_KEY_BYTES, MWA_SEQUENCE_NUMBER_BYTES } from "./constants";

const subtle = () => globalThis.crypto.subtle;

// A frame that breaks the protocol ends the session.
const illegal = (message: string, cause?: unknown) => new MobileWalletError(CODES.sessionClosed, message, cause === undefined ? {} : { cause });

/** The association key pair: its public half goes in the association URL, its private half signs HELLO_REQ. */
export function generateAssociationKeyPair(): Promise<CryptoKeyPair> {
  return subtle().generateKey({ name: "ECDSA", namedCurve: MWA_CURVE }, false, ["sign"]) as Promise<CryptoKeyPair>;
}

/** A fresh ECDH key pair and the HELLO_REQ that carries its public key. */
export async function createHelloRequest(associationPrivateKey: CryptoKey): Promise<{ ecdh: CryptoKeyPair; frame: Uint8Array<ArrayBuffer> }> {
  const ecdh = (await subtle().generateKey({ name: "ECDH", namedCurve: MWA_CURVE }, false, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await subtle().exportKey("raw", ecdh.publicKey));
  const signature = new Uint8Array(await subtle().sign({ name: "ECDSA", hash: "SHA-256" }, associationPrivateKey, publicKey));
  const frame = new Uint8Array(publicKey.length + signature.length);
  frame.set(publicKey);
  frame.set(signature, publicKey.length);
  return { ecdh, frame };
}

/** The session key from HELLO_RSP's first 65 bytes (the wallet's ECDH public key). */
export async function deriveSessionKey(helloResponse: Uint8Array, ecdhPrivateKey: CryptoKey, associationPublicKey: CryptoKey): Promise<CryptoKey> {
  if (helloResponse.length < MWA_PUBLIC_KEY_BYTES) throw illegal(`HELLO_RSP of ${helloResponse.length} bytes.`);
  let walletKey: CryptoKey;
  try {
    walletKey = await subtle().importKey("raw", helloResponse.slice(0, MWA_PUBLIC_KEY_BYTES), { name: "ECDH", namedCurve: MWA_CURVE }, false, []);
  } catch (error) {
    throw illegal("HELLO_RSP does not start with a P-256 public key.", error);
  }
  const secret = await subtle().deriveBits({ name: "ECDH", public: walletKey }, ecdhPrivateKey, 256);
  const hkdf = await subtle().importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  const salt = new Uint8Array(await subtle().exportKey("raw", associationPublicKey));
  return subtle().deriveKey({ name: "HKDF", hash: "SHA-256", salt, info: new Uint8Array(0) }, hkdf, { name: "AES-GCM", length: MWA_AES_KEY_BITS }, false, ["encrypt", "decrypt"]);
}

const sequenceBytes = (n: number) => {
  const bytes = new Uint8Array(MWA_SEQUENCE_NUMBER_BYTES);
  new DataView(bytes.buffer).setUint32(0, n, false);
  return bytes;
};

/** Both directions of one session's encrypted frames, with their sequence numbers. */
export class SessionCipher {
  private sent = 0;
  private received = 0;

  constructor(private readonly key: CryptoKey) {}

  /** Our next frame: the next sequence number, a random IV, the text encrypted. */
  async seal(text: string): Promise<Uint8Array<ArrayBuffer>> {
    if (this.sent >= 0xffffffff) throw illegal("Outbound sequence numbers are exhausted.");
    const sequence = sequenceBytes(++this.sent);
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(MWA_IV_BYTES));
    const body = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv, additionalData: sequence, tagLength: MWA_AES_TAG_BITS }, this.key, new TextEncoder().encode(text)));
    const frame = new Uint8Array(sequence.length + iv.length + body.length);
    frame.set(sequence);
    frame.set(iv, sequence.length);
    frame.set(body, sequence.length + iv.length);
    return frame;
  }

  /** The wallet's next frame as text; refused unless it is the next in sequence and authentic. */
  async open(frame: Uint8Array): Promise<string> {
    const header = MWA_SEQUENCE_NUMBER_BYTES + MWA_IV_BYTES;
    if (frame.length < header + MWA_AES_TAG_BITS / 8) throw illegal(`Encrypted frame of ${frame.length} bytes is too short.`);
    const sequence = new DataView(frame.buffer, frame.byteOffset, MWA_SEQUENCE_NUMBER_BYTES).getUint32(0, false);
    if (sequence !== this.received + 1) throw illegal(`Encrypted frame has sequence number ${sequence}; expected ${this.received + 1}.`);
    let plain: ArrayBuffer;
    try {
      plain = await subtle().decrypt(
        { name: "AES-GCM", iv: frame.slice(MWA_SEQUENCE_NUMBER_BYTES, header), additionalData: frame.slice(0, MWA_SEQUENCE_NUMBER_BYTES), tagLength: MWA_AES_TAG_BITS },
        this.key,
        frame.slice(header),
      );
    } catch (error) {
      throw illegal(`Encrypted frame ${sequence} does not decrypt (tampered or not for this session).`, error);
    }
    this.received = sequence;
    return new TextDecoder().decode(plain);
  }
}
