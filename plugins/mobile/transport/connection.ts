// One Mobile Wallet Adapter session over a WebSocket we open ourselves: local association (hand-off
// to a wallet app on this device, then ws://localhost:{port}/solana-wallet) or remote association (a
// reflector at wss://{host}/reflect hands us an id for the QR code, then passes frames on). HELLO_REQ
// sent and the socket closing are events of ours, so the caller sees both and every promise settles.
// The WebSocket constructor is injected or read from the global when dialling; never replaced.
import { MOBILE_WALLET_ERROR_CODES as CODES, MobileWalletError, MobileWalletProtocolError } from "../errors";
import { assertWalletBaseUrl, associationUrl, launchAssociation, randomAssociationPort } from "./association";
import { fromBase64, toBase64 } from "./base64";
import { SessionCipher, createHelloRequest, deriveSessionKey, generateAssociationKeyPair } from "./cipher";
import { MWA_CONNECT_TIMEOUT_MS, MWA_PUBLIC_KEY_BYTES, MWA_RETRY_DELAYS_MS, MWA_WEBSOCKET_PROTOCOL, MWA_WEBSOCKET_PROTOCOL_BASE64 } from "./constants";
import { createWalletApi, type MwaProtocolVersion, type MwaWallet } from "./wallet-api";

/** How to associate, and the listeners of the session's steps. */
export interface MwaConnectOptions {
  kind: "local" | "remote";
  /** Remote: the reflector's host[:port]. */
  remoteHostAuthority?: string | undefined;
  /** A wallet's own https association base (from an earlier authorization). */
  baseUri?: string | undefined;
  /** Ends the session, whatever its phase. */
  signal?: AbortSignal | undefined;
  /** Remote: the reflector gave the session's id; the URL the user scans. */
  onAssociationUrl?: (url: string) => void;
  /** HELLO_REQ went out: the wallet is joining. */
  onHelloSent?: () => void;
  /** The constructor to dial with; default the page's `WebSocket` at the time of dialling. */
  WebSocket?: typeof WebSocket;
}

/** An established session: the wallet, and its end. */
export interface MwaSession {
  readonly wallet: MwaWallet;
  readonly protocolVersion: MwaProtocolVersion;
  /** Rejects with the reason the session ended (the socket closed, a broken frame, close()). */
  readonly ended: Promise<never>;
  /** Ends the session and closes the socket; pending requests reject. */
  close(): void;
}

type Phase = "dialling" | "awaiting_reflector_id" | "awaiting_reflection" | "hello_sent" | "connected" | "ended";

const sessionClosed = (message: string, cause?: unknown) => new MobileWalletError(CODES.sessionClosed, message, cause === undefined ? {} : { cause });

function assertSecureContext() {
  if (typeof window === "undefined" || window.isSecureContext !== true) {
    throw new MobileWalletError(CODES.secureContextRequired, "The mobile wallet adapter protocol must be used in a secure context (`https`).");
  }
}

/** Opens a session: association, socket, HELLO_REQ/HELLO_RSP, session properties. */
export async function connectMwa(options: MwaConnectOptions): Promise<MwaSession> {
  if (options.kind === "remote" && !options.remoteHostAuthority) throw new TypeError("Remote association needs `remoteHostAuthority` (the reflector's host).");
  options.signal?.throwIfAborted();
  assertSecureContext();
  if (options.baseUri !== undefined) assertWalletBaseUrl(options.baseUri);
  const keys = await generateAssociationKeyPair();
  if (options.kind === "remote") return new Connection(options, keys).start(`wss://${options.remoteHostAuthority}/reflect`, [MWA_WEBSOCKET_PROTOCOL, MWA_WEBSOCKET_PROTOCOL_BASE64]);
  const port = randomAssociationPort();
  await launchAssociation(await associationUrl(keys.publicKey, { kind: "local", port }, options.baseUri));
  options.signal?.throwIfAborted();
  return new Connection(options, keys).start(`ws://localhost:${port}/solana-wallet`, [MWA_WEBSOCKET_PROTOCOL]);
}

/** Unsigned LEB128: the reflector id's length prefix. */
function readVarint(bytes: Uint8Array): { value: number; length: number } {
  let value = 0;
  for (let i = 0; i < Math.min(bytes.length, 5); i++) {
    value += (bytes[i]! & 0x7f) * 2 ** (7 * i);
    if (bytes[i]! < 0x80) return { value, length: i + 1 };
  }
  throw sessionClosed("The reflector sent a malformed session id.");
}

class Connection {
  private phase: Phase = "dialling";
  private socket: WebSocket | null = null;
  private base64 = false;
  private ecdh: CryptoKeyPair | null = null;
  private cipher: SessionCipher | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { method: string; resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  private inbox: Promise<void> = Promise.resolve();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly detach: (() => void)[] = [];
  private settleConnect!: { resolve: (session: MwaSession) => void; reject: (error: unknown) => void };
  private rejectEnded!: (error: unknown) => void;
  private readonly ended = new Promise<never>((_, reject) => (this.rejectEnded = reject));

  constructor(
    private readonly options: MwaConnectOptions,
    private readonly keys: CryptoKeyPair,
  ) {
    this.ended.catch(() => {}); // observed by whoever needs it; never unhandled
  }

  start(url: string, protocols: string[]): Promise<MwaSession> {
    const connected = new Promise<MwaSession>((resolve, reject) => (this.settleConnect = { resolve, reject }));
    const { signal } = this.options;
    if (signal) {
      const onAbort = () => this.end(sessionClosed("The wallet session was cancelled.", signal.reason));
      signal.addEventListener("abort", onAbort, { once: true });
      this.detach.push(() => signal.removeEventListener("abort", onAbort));
    }
    this.dial(url, protocols, Date.now(), [...MWA_RETRY_DELAYS_MS]);
    return connected;
  }

  /** One attempt; a socket that fails before opening is dialled again after the next delay, until the timeout. */
  private dial(url: string, protocols: string[], firstDial: number, delays: number[]) {
    if (this.phase === "ended") return;
    const Socket = this.options.WebSocket ?? globalThis.WebSocket;
    let socket: WebSocket;
    try {
      socket = new Socket(url, protocols);
    } catch (error) {
      // No WebSocket here, or a URL it refuses: the session cannot start.
      return this.end(sessionClosed(`Could not open a WebSocket to ${url}.`, error));
    }
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    const onOpen = () => {
      socket.removeEventListener("error", onError);
      this.opened(socket);
    };
    const onError = () => {
      socket.removeEventListener("open", onOpen);
      if (this.phase === "ended") return;
      if (Date.now() - firstDial >= MWA_CONNECT_TIMEOUT_MS) return this.end(new MobileWalletError(CODES.sessionTimeout, `Failed to connect to the wallet websocket at ${url}.`));
      const delay = delays.length > 1 ? delays.shift()! : delays[0]!;
      this.retryTimer = setTimeout(() => this.dial(url, protocols, firstDial, delays), delay);
    };
    socket.addEventListener("open", onOpen, { once: true });
    socket.addEventListener("error", onError, { once: true });
  }

  private opened(socket: WebSocket) {
    if (this.phase === "ended") return socket.close();
    this.base64 = socket.protocol === MWA_WEBSOCKET_PROTOCOL_BASE64;
    // Frames are handled one at a time, in order (decrypting is asynchronous).
    const onMessage = (event: MessageEvent) => {
      this.inbox = this.inbox.then(() => this.receive(event.data)).catch((error: unknown) => this.end(error));
    };
    const onClose = (event: CloseEvent) =>
      this.end(sessionClosed(`The wallet session was closed (${event.code}${event.reason ? `: ${event.reason}` : ""}).`, { code: event.code, reason: event.reason, wasClean: event.wasClean }));
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", onClose);
    this.detach.push(() => {
      socket.removeEventListener("message", onMessage);
      socket.removeEventListener("close", onClose);
    });
    if (this.options.kind === "remote") this.phase = "awaiting_reflector_id";
    else void this.sendHello().catch((error: unknown) => this.end(error));
  }

  private async sendHello() {
    const { ecdh, frame } = await createHelloRequest(this.keys.privateKey);
    if (this.phase === "ended") return;
    this.ecdh = ecdh;
    this.phase = "hello_sent";
    this.send(frame);
    this.options.onHelloSent?.();
  }

  private send(frame: Uint8Array<ArrayBuffer>) {
    this.socket!.send(this.base64 ? toBase64(frame) : frame);
  }

  private async receive(data: unknown) {
    if (this.phase === "ended") return;
    const frame = await toBytes(data);
    switch (this.phase) {
      case "awaiting_reflector_id": {
        if (frame.length === 0) throw sessionClosed("The reflector sent an empty frame before the session id.");
        const { value, length } = readVarint(frame);
        const reflectorId = frame.slice(length, length + value);
        if (reflectorId.length !== value) throw sessionClosed("The reflector sent a truncated session id.");
        const url = await associationUrl(this.keys.publicKey, { kind: "remote", reflector: this.options.remoteHostAuthority!, reflectorId }, this.options.baseUri);
        this.phase = "awaiting_reflection";
        this.options.onAssociationUrl?.(url.toString());
        return;
      }
      case "awaiting_reflection":
        if (frame.length !== 0) throw sessionClosed("The reflector sent data before the wallet joined.");
        return this.sendHello();
      case "hello_sent":
        // An empty frame: the other side (re)joined and wants a HELLO_REQ (with a fresh key).
        if (frame.length === 0) return this.sendHello();
        return this.helloResponse(frame);
      case "connected":
        return this.response(await this.cipher!.open(frame));
    }
  }

  private async helloResponse(frame: Uint8Array) {
    const key = await deriveSessionKey(frame, this.ecdh!.privateKey, this.keys.publicKey);
    const cipher = new SessionCipher(key);
    const properties = frame.slice(MWA_PUBLIC_KEY_BYTES);
    const protocolVersion = properties.length === 0 ? "legacy" : toProtocolVersion(await cipher.open(properties));
    this.cipher = cipher;
    this.phase = "connected";
    this.settleConnect.resolve({
      wallet: createWalletApi(protocolVersion, (method, params) => this.request(method, params)),
      protocolVersion,
      ended: this.ended,
      close: () => this.end(sessionClosed("The wallet session was closed by the app.")),
    });
  }

  private async request(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (this.phase !== "connected") throw sessionClosed("The wallet session is closed.");
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { method, resolve, reject }));
    try {
      this.send(await this.cipher!.seal(JSON.stringify({ jsonrpc: "2.0", id, method, params })));
    } catch (error) {
      this.end(error);
    }
    return answer;
  }

  private response(text: string) {
    let message: { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      message = JSON.parse(text) as typeof message;
    } catch (error) {
      throw sessionClosed("The wallet sent a frame that is not JSON.", error);
    }
    const waiting = typeof message.id === "number" ? this.pending.get(message.id) : undefined;
    if (!waiting) return; // an answer to nothing we asked: ignored
    this.pending.delete(message.id as number);
    if (message.error) {
      const { code, message: text, data } = message.error;
      return waiting.reject(new MobileWalletProtocolError(typeof code === "number" ? code : 0, typeof text === "string" ? text : "The wallet refused the request.", { cause: data }));
    }
    const result = message.result as { wallet_uri_base?: unknown } | undefined;
    if ((waiting.method === "authorize" || waiting.method === "reauthorize") && result?.wallet_uri_base != null) {
      try {
        assertWalletBaseUrl(String(result.wallet_uri_base));
      } catch (error) {
        return waiting.reject(error);
      }
    }
    waiting.resolve(message.result);
  }

  /** The one way a session ends: everything pending settles with the reason. */
  private end(reason: unknown) {
    if (this.phase === "ended") return;
    this.phase = "ended";
    clearTimeout(this.retryTimer);
    for (const undo of this.detach.splice(0)) undo();
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
    this.settleConnect.reject(reason);
    this.rejectEnded(reason);
    if (this.socket && !(this.socket.readyState >= 2)) this.socket.close();
  }
}

function toProtocolVersion(text: string): MwaProtocolVersion {
  let properties: { v?: unknown };
  try {
    properties = JSON.parse(text) as typeof properties;
  } catch (error) {
    throw sessionClosed("The wallet's session properties are not JSON.", error);
  }
  switch (properties.v) {
    case undefined:
    case "legacy":
      return "legacy";
    case 1:
    case "1":
    case "v1":
      return "v1";
  }
  throw new MobileWalletError(CODES.invalidProtocolVersion, `Unknown/unsupported protocol version: ${String(properties.v)}`);
}

async function toBytes(data: unknown): Promise<Uint8Array> {
  if (typeof data === "string") return fromBase64(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  throw sessionClosed("The wallet sent a frame of an unknown kind.");
}
