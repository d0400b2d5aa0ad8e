/**
 * The auth frame (browser code, bundled by esbuild when the emulator serves it). It speaks the
 * postMessage protocol of @turnkey/iframe-stamper: it holds a P-256 embedded key (kept so a reload
 * keeps it: see frameKeyStore.client.ts), opens credential bundles sealed to it, and stamps request
 * bodies with the API key they carry. The API key lives in memory only and never leaves.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base64urlnopad, createBase58check, hex } from "@scure/base";
import { openFrameKeyStore, SEALED_KEY_MESSAGE, type FrameKeyStore } from "./frameKeyStore.client";
import { createCustodyFrame } from "./custody/custodyFrame.client";

const DEFAULT_KEY_TTL_MS = 48 * 60 * 60 * 1000;
const HPKE_INFO = new TextEncoder().encode("turnkey_hpke");
const STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_P256";

type Message = { type?: unknown; value?: unknown; requestId?: unknown; dangerouslyOverrideIframeKeyTtl?: unknown };
type Send = (type: string, value: unknown) => void;

const bs58check = createBase58check(sha256);
const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

let port: MessagePort | null = null;
let credential: { key: CryptoKey; publicKey: string } | null = null;
let createdOnLoad = false;

// --- embedded key -------------------------------------------------------------------------------

// The app learns the sealed copy of an in-memory key (see frameKeyStore.client.ts); null = forget it.
const sendSealed = (sealed: string | null) => {
  if (window.parent !== window) window.parent.postMessage({ type: SEALED_KEY_MESSAGE, value: sealed }, "*");
};
const keyStore: Promise<FrameKeyStore> = openFrameKeyStore(sendSealed);

async function storedKey(): Promise<JsonWebKey | null> {
  return (await keyStore).get()?.jwk ?? null;
}

async function ensureKey(ttlMs = DEFAULT_KEY_TTL_MS): Promise<{ jwk: JsonWebKey; created: boolean }> {
  const existing = await storedKey();
  if (existing) return { jwk: existing, created: false };
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  await (await keyStore).set({ jwk, expiry: Date.now() + ttlMs });
  return { jwk, created: true };
}

async function removeKey(): Promise<void> {
  (await keyStore).remove();
}

function publicKeyOf(jwk: JsonWebKey): Uint8Array {
  const out = new Uint8Array(65);
  out[0] = 4;
  out.set(base64urlnopad.decode(jwk.x ?? ""), 1);
  out.set(base64urlnopad.decode(jwk.y ?? ""), 33);
  return out;
}

// --- credential bundles and stamps --------------------------------------------------------------

function decodeBundle(bundle: string): Uint8Array {
  // base58check today; base64url from older servers (its alphabet has characters base58 lacks).
  return /[-_OIl0]/.test(bundle) ? base64urlnopad.decode(bundle.replace(/=+$/, "")) : bs58check.decode(bundle);
}

/** Opens a bundle sealed to the embedded key (a credential, or split custody's shares). */
async function openSealedBundle(bundle: unknown): Promise<Uint8Array> {
  if (typeof bundle !== "string") throw new Error("credential bundle must be a string");
  const jwk = await storedKey();
  if (!jwk) throw new Error("no embedded key: call initEmbeddedKey() first");
  const bytes = decodeBundle(bundle);
  if (bytes.length <= 33) throw new Error(`bundle size ${bytes.length} is too low`);
  const enc = p256.Point.fromBytes(bytes.subarray(0, 33)).toBytes(false);
  const receiver = publicKeyOf(jwk);
  const recipientKey = await suite.kem.importKey("jwk", { ...jwk }, false);
  const context = await suite.createRecipientContext({ recipientKey, enc: enc.slice().buffer, info: HPKE_INFO.slice().buffer });
  const aad = new Uint8Array(130);
  aad.set(enc, 0);
  aad.set(receiver, 65);
  try {
    return new Uint8Array(await context.open(bytes.slice(33).buffer, aad.buffer));
  } catch (error) {
    throw new Error(`unable to decrypt bundle using embedded key: ${String(error)}`, { cause: error });
  }
}

async function injectCredentialBundle(bundle: unknown): Promise<true> {
  const secret = await openSealedBundle(bundle);
  const point = p256.getPublicKey(secret, false);
  const key = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      d: base64urlnopad.encode(secret),
      x: base64urlnopad.encode(point.subarray(1, 33)),
      y: base64urlnopad.encode(point.subarray(33)),
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  credential = { key, publicKey: hex.encode(p256.getPublicKey(secret, true)) };
  secret.fill(0);
  return true;
}

async function stamp(payload: unknown): Promise<string> {
  if (typeof payload !== "string") throw new Error("stamp payload must be a string");
  if (!credential) throw new Error("cannot sign payload without credential: inject a credential bundle first");
  const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, credential.key, new TextEncoder().encode(payload)));
  const signature = hex.encode(p256.Signature.fromBytes(raw, "compact").toBytes("der"));
  const json = JSON.stringify({ publicKey: credential.publicKey, scheme: STAMP_SCHEME, signature });
  return base64urlnopad.encode(new TextEncoder().encode(json));
}

// --- split custody: the device share, and signatures from two shares (custody/custodyFrame.client.ts) ---

const custody = createCustodyFrame({ openSealedBundle });

// --- messages -----------------------------------------------------------------------------------

async function handle(message: Message, send: Send): Promise<void> {
  try {
    switch (message.type) {
      case "INJECT_CREDENTIAL_BUNDLE":
      case "INJECT_RECOVERY_BUNDLE":
        return send("BUNDLE_INJECTED", await injectCredentialBundle(message.value));
      case "STAMP_REQUEST":
        return send("STAMP", await stamp(message.value));
      case "GET_EMBEDDED_PUBLIC_KEY": {
        const jwk = await storedKey();
        return send("EMBEDDED_PUBLIC_KEY", jwk ? hex.encode(publicKeyOf(jwk)) : "");
      }
      case "INIT_EMBEDDED_KEY":
        return send("EMBEDDED_PUBLIC_KEY", hex.encode(publicKeyOf((await ensureKey()).jwk)));
      case "RESET_EMBEDDED_KEY":
        await removeKey();
        credential = null;
        custody.forget();
        return send("EMBEDDED_KEY_RESET", null);
      case "CLEAR_EMBEDDED_PRIVATE_KEY":
        credential = null;
        custody.forget();
        return send("EMBEDDED_PRIVATE_KEY_CLEARED", true);
      case "APPLY_SETTINGS":
        return send("SETTINGS_APPLIED", true);
      default: {
        const answer = custody.handle(message.type, message.value);
        if (!answer) throw new Error(`the emulator's auth frame does not handle ${String(message.type)}`);
        const [type, value] = await answer;
        return send(type, value);
      }
    }
  } catch (error) {
    send("ERROR", String(error));
  }
}

const ready = ensureKey().then(({ jwk, created }) => {
  createdOnLoad = created;
  // Older stampers listen on the window; newer ones take PUBLIC_KEY_READY from the channel below.
  if (window.parent !== window) window.parent.postMessage({ type: "PUBLIC_KEY_READY", value: hex.encode(publicKeyOf(jwk)) }, "*");
});

window.addEventListener("message", (event: MessageEvent) => {
  if (event.source !== window.parent || window.parent === window) return;
  const message = (event.data ?? {}) as Message;
  if (message.type === "TURNKEY_INIT_MESSAGE_CHANNEL" && event.ports[0] && !port) {
    const channel = event.ports[0];
    port = channel;
    void ready.then(async () => {
      const ttl = message.dangerouslyOverrideIframeKeyTtl;
      if (createdOnLoad && typeof ttl === "number" && ttl > 0) {
        await removeKey();
        await ensureKey(ttl);
      }
      channel.onmessage = (e: MessageEvent) => void respond((e.data ?? {}) as Message, (m) => channel.postMessage(m));
      channel.postMessage({ type: "PUBLIC_KEY_READY", value: hex.encode(publicKeyOf((await ensureKey()).jwk)) });
    });
    return;
  }
  if (port) return;
  void respond(message, (m) => (event.source as WindowProxy).postMessage(m, event.origin));
});

function respond(message: Message, post: (m: Record<string, unknown>) => void): Promise<void> {
  const requestId = typeof message.requestId === "string" && message.requestId ? message.requestId : undefined;
  return ready.then(() => handle(message, (type, value) => post(requestId ? { type, value, requestId } : { type, value })));
}
