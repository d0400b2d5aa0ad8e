// The app side of the Mobile Wallet Adapter protocol (local association), on WebCrypto only:
// association keypair (ECDSA P-256) → `solana-wallet:/v1/associate/local?association=…&port=P&v=v1`,
// wait up to 3 s for the page to lose focus (the wallet opened), dial `ws://localhost:P/solana-wallet`
// with retries, HELLO_REQ (ephemeral ECDH P-256 key + its ECDSA signature), HELLO_RSP (the wallet's
// ECDH key) → ECDH → HKDF-SHA256 (salt: association public key) → AES-128-GCM; every message is
// 4-byte sequence number ‖ 12-byte IV ‖ ciphertext+tag, the sequence number as additional data.
import { MOBILE_WALLET_ERROR_CODES as CODES, MobileWalletError, MobileWalletProtocolError } from "./errors";

export const MWA_WEBSOCKET_PROTOCOL = "com.solana.mobilewalletadapter.v1";
export const MWA_TIMEOUT_MS = 30_000;
export const MWA_RETRY_DELAYS_MS = [150, 150, 200, 500, 500, 750, 750];
export const MWA_RETRY_DELAY_REPEAT_MS = 1000;
export const MWA_FOCUS_LOSS_WAIT_MS = 3000;
export const MWA_PORT_MIN = 49152;
export const MWA_PORT_MAX = 65535;

export type MobileSessionState = "disconnected" | "connecting" | "hello_req_sent" | "connected";

export interface MobileSession {
  request<T = unknown>(method: string, params: Record<string, unknown>): Promise<T>;
  close(): void;
}

export interface OpenSessionOptions {
  onState?: (state: MobileSessionState) => void;
  /** Opens the association URL (default: `location.assign`). */
  navigate?: (url: string) => void;
  port?: number;
}

const subtle = () => globalThis.crypto.subtle;
const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const b64url = (bytes: Uint8Array) => toB64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export { toB64 as bytesToBase64, fromB64 as base64ToBytes };

export function randomAssociationPort(): number {
  return MWA_PORT_MIN + Math.floor(Math.random() * (MWA_PORT_MAX - MWA_PORT_MIN + 1));
}

export function associationUrl(associationPublicKey: Uint8Array, port: number): string {
  if (port < MWA_PORT_MIN || port > MWA_PORT_MAX) throw new MobileWalletError(CODES.associationPortOutOfRange, `Association port number must be between ${MWA_PORT_MIN} and ${MWA_PORT_MAX}. ${port} given.`);
  return `solana-wallet:/v1/associate/local?association=${b64url(associationPublicKey)}&port=${port}&v=v1`;
}

/** Resolves when the page loses focus (the wallet came up) within 3 s; otherwise 'wallet not found'. */
function waitForFocusLoss(): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      window.removeEventListener("blur", onBlur);
      document.removeEventListener("visibilitychange", onBlur);
      if (ok) resolve();
      else reject(new MobileWalletError(CODES.walletNotFound, "Found no installed wallet that supports the mobile wallet protocol."));
    };
    const onBlur = () => done(true);
    const timer = setTimeout(() => done(false), MWA_FOCUS_LOSS_WAIT_MS);
    window.addEventListener("blur", onBlur);
    document.addEventListener("visibilitychange", onBlur);
  });
}

const seqBytes = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, false);
  return b;
};

async function encrypt(key: CryptoKey, seq: number, plaintext: Uint8Array): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const seqB = seqBytes(seq);
  const ct = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv, additionalData: seqB, tagLength: 128 }, key, plaintext as BufferSource));
  const out = new Uint8Array(4 + 12 + ct.length);
  out.set(seqB, 0);
  out.set(iv, 4);
  out.set(ct, 16);
  return out;
}

async function decrypt(key: CryptoKey, message: Uint8Array): Promise<{ seq: number; plaintext: Uint8Array }> {
  const seqB = message.slice(0, 4);
  const plaintext = new Uint8Array(await subtle().decrypt({ name: "AES-GCM", iv: message.slice(4, 16), additionalData: seqB, tagLength: 128 }, key, message.slice(16)));
  return { seq: new DataView(seqB.buffer).getUint32(0, false), plaintext };
}

/** ECDH → HKDF-SHA256 (salt: association public key, no info) → AES-128-GCM. */
export async function sessionKey(ecdhPrivate: CryptoKey, peerPublicRaw: Uint8Array, associationPublicRaw: Uint8Array): Promise<CryptoKey> {
  const peer = await subtle().importKey("raw", peerPublicRaw as BufferSource, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const secret = await subtle().deriveBits({ name: "ECDH", public: peer }, ecdhPrivate, 256);
  const hkdf = await subtle().importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  return subtle().deriveKey({ name: "HKDF", hash: "SHA-256", salt: associationPublicRaw as BufferSource, info: new Uint8Array(0) }, hkdf, { name: "AES-GCM", length: 128 }, false, ["encrypt", "decrypt"]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function dial(port: number, deadline: number): Promise<WebSocket> {
  for (let attempt = 0; ; attempt++) {
    const socket = new WebSocket(`ws://localhost:${port}/solana-wallet`, MWA_WEBSOCKET_PROTOCOL);
    socket.binaryType = "arraybuffer";
    const open = await new Promise<boolean>((resolve) => {
      socket.onopen = () => resolve(true);
      socket.onerror = () => resolve(false);
      socket.onclose = () => resolve(false);
    });
    if (open) return socket;
    if (Date.now() >= deadline) throw new MobileWalletError(CODES.sessionTimeout, `Failed to connect to the wallet websocket on port ${port}.`);
    await sleep(MWA_RETRY_DELAYS_MS[attempt] ?? MWA_RETRY_DELAY_REPEAT_MS);
  }
}

/** Opens an encrypted session with a wallet on this device. Must start from a user gesture. */
export async function openSession(options: OpenSessionOptions = {}): Promise<MobileSession> {
  const setState = options.onState ?? (() => {});
  if (typeof window === "undefined" || !window.isSecureContext) {
    throw new MobileWalletError(CODES.secureContextRequired, "The mobile wallet adapter protocol must be used in a secure context (`https`).");
  }
  const association = await subtle().generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const associationPublic = new Uint8Array(await subtle().exportKey("raw", association.publicKey));
  const port = options.port ?? randomAssociationPort();
  const url = associationUrl(associationPublic, port);
  setState("connecting");
  const focusLost = waitForFocusLoss();
  (options.navigate ?? ((u: string) => window.location.assign(u)))(url);
  try {
    await focusLost;
  } catch (error) {
    setState("disconnected");
    throw error;
  }
  const socket = await dial(port, Date.now() + MWA_TIMEOUT_MS).catch((error) => {
    setState("disconnected");
    throw error;
  });

  const ecdh = await subtle().generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const ecdhPublic = new Uint8Array(await subtle().exportKey("raw", ecdh.publicKey));
  const signature = new Uint8Array(await subtle().sign({ name: "ECDSA", hash: "SHA-256" }, association.privateKey, ecdhPublic));
  const hello = new Uint8Array(ecdhPublic.length + signature.length);
  hello.set(ecdhPublic);
  hello.set(signature, ecdhPublic.length);

  let key: CryptoKey | null = null;
  let outSeq = 0;
  let inSeq = 0;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let closed = false;
  const fail = (error: Error) => {
    closed = true;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    setState("disconnected");
  };

  const ready = new Promise<void>((resolve, reject) => {
    socket.onclose = () => {
      const error = new MobileWalletError(CODES.sessionClosed, "The wallet session was closed.");
      if (!key) reject(error);
      fail(error);
    };
    socket.onmessage = async (event) => {
      const data = new Uint8Array(event.data as ArrayBuffer);
      try {
        if (!key) {
          key = await sessionKey(ecdh.privateKey, data.slice(0, 65), associationPublic);
          if (data.length > 65) {
            const props = await decrypt(key, data.slice(65));
            inSeq = props.seq;
            const { v } = JSON.parse(new TextDecoder().decode(props.plaintext)) as { v?: string };
            if (v !== undefined && v !== "v1" && v !== "legacy") throw new MobileWalletError(CODES.invalidProtocolVersion, `Invalid protocol version ${v}`);
          }
          setState("connected");
          resolve();
          return;
        }
        const { seq, plaintext } = await decrypt(key, data);
        if (seq !== inSeq + 1) throw new MobileWalletError(CODES.sessionClosed, `Out of order message: ${seq} after ${inSeq}`);
        inSeq = seq;
        const message = JSON.parse(new TextDecoder().decode(plaintext)) as { id: number; result?: unknown; error?: { code: number; message: string } };
        const p = pending.get(message.id);
        if (!p) return;
        pending.delete(message.id);
        if (message.error) p.reject(new MobileWalletProtocolError(message.error.code, message.error.message));
        else p.resolve(message.result);
      } catch (error) {
        reject(error);
        socket.close();
      }
    };
  });
  socket.send(hello);
  setState("hello_req_sent");
  await ready;

  return {
    async request<T>(method: string, params: Record<string, unknown>) {
      if (closed || !key) throw new MobileWalletError(CODES.sessionClosed, "The wallet session was closed.");
      const id = nextId++;
      const body = new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
      const answer = new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
      socket.send(await encrypt(key, ++outSeq, body));
      return answer;
    },
    close() {
      closed = true;
      socket.close();
      setState("disconnected");
    },
  };
}
