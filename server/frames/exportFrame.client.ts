/**
 * The export frame (browser code, bundled by esbuild when the emulator serves it). It speaks the
 * postMessage protocol of @turnkey/iframe-stamper: a fresh P-256 key per page load (memory only),
 * announced as PUBLIC_KEY_READY; an export bundle injected by the parent is checked against the
 * emulator's export-signing key that the server baked into this page (never one from the parent),
 * opened with the frame's key, and the secret is shown in this frame's own DOM. Nothing secret is
 * ever posted back: the parent only learns BUNDLE_INJECTED true, or ERROR.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58, hex } from "@scure/base";

const HPKE_INFO = new TextEncoder().encode("turnkey_hpke");
const BUNDLE_VERSION = "v1.0.0";

type Message = { type?: unknown; value?: unknown; requestId?: unknown; organizationId?: unknown; keyFormat?: unknown };
type Post = (message: Record<string, unknown>) => void;

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** The only key export bundles may be signed with: from this page's markup, written by the server. */
const signingKey = (document.querySelector('meta[name="latch-export-signing-key"]')?.getAttribute("content") ?? "").toLowerCase();

let port: MessagePort | null = null;

const keyPair = suite.kem.generateKeyPair();
const publicKeyHex = keyPair.then(async (pair) => hex.encode(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey))));

interface ExportBundle {
  version: string;
  data: string;
  dataSignature: string;
  enclaveQuorumPublic: string;
}

/** Checks the bundle's signature and organisation, then opens the secret sealed to this frame. */
async function openBundle(value: unknown, organizationId: unknown): Promise<Uint8Array> {
  if (typeof value !== "string") throw new Error("export bundle must be a string");
  if (!/^04[0-9a-f]{128}$/.test(signingKey)) throw new Error("this export frame was served without the emulator's signing key");
  let bundle: ExportBundle;
  try {
    bundle = JSON.parse(value) as ExportBundle;
  } catch {
    throw new Error("export bundle is not JSON");
  }
  if (bundle.version !== BUNDLE_VERSION) throw new Error(`unsupported export bundle version ${String(bundle.version)}`);
  if (typeof bundle.enclaveQuorumPublic !== "string" || bundle.enclaveQuorumPublic.toLowerCase() !== signingKey) {
    throw new Error("export bundle is signed by an unknown key");
  }
  const data = hex.decode(String(bundle.data));
  let valid: boolean;
  try {
    valid = p256.verify(hex.decode(String(bundle.dataSignature)), data, hex.decode(signingKey), { format: "der", lowS: false });
  } catch {
    valid = false;
  }
  if (!valid) throw new Error("export bundle signature does not verify");
  const inner = JSON.parse(new TextDecoder().decode(data)) as { encappedPublic?: string; ciphertext?: string; organizationId?: string };
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

async function handle(message: Message): Promise<[string, unknown]> {
  switch (message.type) {
    case "INJECT_WALLET_EXPORT_BUNDLE": {
      const secret = await openBundle(message.value, message.organizationId);
      show("Your secret recovery phrase", new TextDecoder().decode(secret), "mnemonic");
      secret.fill(0);
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

function respond(message: Message, post: Post): void {
  const requestId = typeof message.requestId === "string" && message.requestId ? message.requestId : undefined;
  const reply = (type: string, value: unknown) => post(requestId ? { type, value, requestId } : { type, value });
  handle(message).then(
    ([type, value]) => reply(type, value),
    (error: unknown) => reply("ERROR", String(error instanceof Error ? error.message : error)),
  );
}

void publicKeyHex.then((value) => {
  // Older stampers listen on the window; newer ones take PUBLIC_KEY_READY from the channel below.
  if (window.parent !== window) window.parent.postMessage({ type: "PUBLIC_KEY_READY", value }, "*");
});

window.addEventListener("message", (event: MessageEvent) => {
  if (event.source !== window.parent || window.parent === window) return;
  const message = (event.data ?? {}) as Message;
  if (message.type === "TURNKEY_INIT_MESSAGE_CHANNEL" && event.ports[0] && !port) {
    const channel = event.ports[0];
    port = channel;
    channel.onmessage = (e: MessageEvent) => respond((e.data ?? {}) as Message, (m) => channel.postMessage(m));
    void publicKeyHex.then((value) => channel.postMessage({ type: "PUBLIC_KEY_READY", value }));
    return;
  }
  if (port) return;
  respond(message, (m) => (event.source as WindowProxy).postMessage(m, event.origin));
});
