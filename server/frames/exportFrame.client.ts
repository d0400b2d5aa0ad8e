/**
 * The export frame (browser code, bundled by esbuild when the emulator serves it). It speaks the
 * postMessage protocol of @turnkey/iframe-stamper: a fresh P-256 key per page load (memory only),
 * announced as PUBLIC_KEY_READY; an export bundle injected by the parent is checked against the
 * emulator's export-signing key that the server baked into this page (never one from the parent),
 * opened with the frame's key, and the secret is shown in this frame's own DOM. Nothing secret is
 * ever posted back: the parent only learns BUNDLE_INJECTED true, or ERROR.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58, hex } from "@scure/base";
import { serveFrameMessages, type FrameMessage } from "./channel.client";
import { readSignedBundle } from "./signedBundle.client";
import { DEVICE_SHARE_PREFIX, frameStorage } from "./custody/deviceShareStorage";
import { phraseOfSplitExport } from "./custody/splitExport";

const HPKE_INFO = new TextEncoder().encode("turnkey_hpke");

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

const keyPair = suite.kem.generateKeyPair();
const publicKeyHex = keyPair.then(async (pair) => hex.encode(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey))));

/** Checks the bundle's signature and organisation, then opens the secret sealed to this frame. */
async function openBundle(value: unknown, organizationId: unknown): Promise<Uint8Array> {
  const inner = readSignedBundle<{ encappedPublic?: string; ciphertext?: string; organizationId?: string }>(value, "export bundle");
  if (typeof organizationId !== "string" || !organizationId) throw new Error("organizationId is required to inject an export bundle");
  if (inner.organizationId !== organizationId) throw new Error(`export bundle is for organization ${String(inner.organizationId)}, not ${organizationId}`);
  const enc = hex.decode(String(inner.encappedPublic));
  const receiver = hex.decode(await publicKeyHex);
  const aad = new Uint8Array(enc.length + receiver.length);
  aad.set(enc, 0);
  aad.set(receiver, enc.length);
  const context = await suite.createRecipientContext({ recipientKey: await keyPair, enc: enc.slice().buffer, info: HPKE_INFO.slice().buffer });
  try {
    return new Uint8Array(await context.open(hex.decode(String(inner.ciphertext)).slice().buffer, aad.buffer));
  } catch (error) {
    throw new Error(`unable to decrypt export bundle using embedded key: ${String(error)}`, { cause: error });
  }
}

function formatKey(secret: Uint8Array, keyFormat: unknown): string {
  switch (keyFormat ?? "HEXADECIMAL") {
    case "HEXADECIMAL":
      return `0x${hex.encode(secret)}`;
    case "SOLANA":
      if (secret.length !== 32) throw new Error("a Solana key must be 32 bytes");
      return base58.encode(new Uint8Array([...secret, ...ed25519.getPublicKey(secret)]));
    default:
      throw new Error(`unsupported key format ${String(keyFormat)}`);
  }
}

function show(label: string, secret: string, kind: "mnemonic" | "private-key"): void {
  const heading = document.getElementById("export-label")!;
  const output = document.getElementById("export-secret")!;
  heading.textContent = label;
  output.textContent = secret;
  output.dataset.kind = kind;
  output.hidden = false;
  document.getElementById("export-waiting")?.remove();
}

async function handle(message: FrameMessage): Promise<[string, unknown]> {
  switch (message.type) {
    case "INJECT_WALLET_EXPORT_BUNDLE": {
      const secret = await openBundle(message.value, message.organizationId);
      try {
        // A split wallet's bundle carries the auth share: joined here with this device's share.
        const phrase = (await phraseOfSplitExport(secret, frameStorage()?.getItem(DEVICE_SHARE_PREFIX + String(message.organizationId)) ?? null)) ?? new TextDecoder().decode(secret);
        show("Your secret recovery phrase", phrase, "mnemonic");
      } finally {
        secret.fill(0);
      }
      return ["BUNDLE_INJECTED", true];
    }
    case "INJECT_KEY_EXPORT_BUNDLE": {
      const secret = await openBundle(message.value, message.organizationId);
      const text = formatKey(secret, message.keyFormat);
      secret.fill(0);
      show("Your private key", text, "private-key");
      return ["BUNDLE_INJECTED", true];
    }
    case "GET_EMBEDDED_PUBLIC_KEY":
    case "INIT_EMBEDDED_KEY":
      return ["EMBEDDED_PUBLIC_KEY", await publicKeyHex];
    case "APPLY_SETTINGS":
      return ["SETTINGS_APPLIED", true];
    default:
      throw new Error(`the emulator's export frame does not handle ${String(message.type)}`);
  }
}

serveFrameMessages(handle, publicKeyHex);
