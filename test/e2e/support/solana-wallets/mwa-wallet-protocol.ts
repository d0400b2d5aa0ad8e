// The wallet side of the Mobile Wallet Adapter session protocol, independent of the transport (a
// local websocket, a reflector, a fake socket in a unit test): bytes in, bytes out.
//   HELLO_REQ  = the app's ECDH P-256 public key (65 bytes) ‖ its ECDSA-P256-SHA256 signature (64 bytes,
//                r ‖ s) by the association key the app put in the association URL.
//   HELLO_RSP  = our ECDH public key (65 bytes) ‖ encrypted session properties {"v":"v1"}.
//   Session key: HKDF-SHA256(ECDH secret, salt = association public key, no info) → AES-128-GCM.
//   Encrypted frame: 4-byte big-endian sequence number ‖ 12-byte IV ‖ ciphertext ‖ 16-byte tag, the
//   sequence number as additional data; each side counts its own frames from 1 (session properties
//   are our frame 1), and a frame out of order ends the session.
// Keys and signing: ed25519 (@noble/curves); a wallet account is its 32-byte public key, base64.
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { getTransactionDecoder, getTransactionEncoder, type Transaction } from "@solana/kit";

const subtle = globalThis.crypto.subtle;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

/** The association key as the URL carries it: base64url, padding written as '.'. */
export function associationKeyFromUrl(url: string): { raw: Uint8Array<ArrayBuffer>; query: URLSearchParams } {
  const query = new URLSearchParams(url.slice(url.indexOf("?") + 1));
  const encoded = query.get("association");
  if (!encoded) throw new Error(`association URL without an association key: ${url}`);
  const raw = new Uint8Array(Buffer.from(encoded.replace(/\./g, "=").replace(/-/g, "+").replace(/_/g, "/"), "base64"));
  if (raw.length !== 65 || raw[0] !== 4) throw new Error(`not an uncompressed P-256 key (${raw.length} bytes)`);
  return { raw, query };
}

export class MwaKeys {
  readonly secretKey = ed25519.utils.randomSecretKey();
  readonly publicKey = ed25519.getPublicKey(this.secretKey);
  readonly address = base58.encode(this.publicKey);
  readonly base64Address = b64(this.publicKey);

  sign(message: Uint8Array): Uint8Array {
    return ed25519.sign(message, this.secretKey);
  }

  /** Signs a wire transaction (legacy or v0) where our address is a required signer. */
  signTransaction(wire: Uint8Array): Uint8Array {
    const tx = getTransactionDecoder().decode(wire);
    if (!(this.address in tx.signatures)) throw new Error(`${this.address} is not a signer of this transaction`);
    const signed: Transaction = { ...tx, signatures: { ...tx.signatures, [this.address]: this.sign(Uint8Array.from(tx.messageBytes)) } } as Transaction;
    return new Uint8Array(getTransactionEncoder().encode(signed));
  }
}

export type RpcRequest = { method: string; params: Record<string, unknown> };
export type RpcAnswer = { result: unknown } | { error: { code: number; message: string } };

const sequence = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n, false);
  return bytes;
};

/** One session from the wallet's side. */
export class MwaWalletSession {
  private key: CryptoKey | null = null;
  private outbound = 0;
  private inbound = 0;
  ended = false;

  constructor(
    private readonly associationRaw: Uint8Array<ArrayBuffer>,
    private readonly answer: (request: RpcRequest) => RpcAnswer,
    private readonly sessionProperties: Record<string, unknown> = { v: "v1" },
  ) {}

  /** No HELLO_REQ answered yet: the next frame received is taken as one. */
  get helloPending(): boolean {
    return this.key === null && !this.ended;
  }

  /** The frames to send back for one frame received; none once the session ended. */
  async receive(frame: Uint8Array): Promise<Uint8Array[]> {
    if (this.ended) return [];
    return this.key ? [await this.request(frame)] : [await this.hello(frame)];
  }

  private async hello(frame: Uint8Array): Promise<Uint8Array> {
    if (frame.length !== 65 + 64) return this.end(`HELLO_REQ of ${frame.length} bytes`);
    const appEcdh = frame.slice(0, 65);
    const associationKey = await subtle.importKey("raw", this.associationRaw, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    if (!(await subtle.verify({ name: "ECDSA", hash: "SHA-256" }, associationKey, frame.slice(65), appEcdh))) return this.end("HELLO_REQ signature does not verify");
    const mine = (await subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"])) as CryptoKeyPair;
    const peer = await subtle.importKey("raw", appEcdh, { name: "ECDH", namedCurve: "P-256" }, false, []);
    const secret = await subtle.deriveBits({ name: "ECDH", public: peer }, mine.privateKey, 256);
    const hkdf = await subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
    this.key = await subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: this.associationRaw, info: new Uint8Array(0) }, hkdf, { name: "AES-GCM", length: 128 }, false, ["encrypt", "decrypt"]);
    const minePublic = new Uint8Array(await subtle.exportKey("raw", mine.publicKey));
    return Buffer.concat([minePublic, await this.encrypt(this.sessionProperties)]);
  }

  private async request(frame: Uint8Array): Promise<Uint8Array> {
    const seq = new DataView(frame.buffer, frame.byteOffset, 4).getUint32(0, false);
    if (seq !== this.inbound + 1) return this.end(`frame ${seq} after ${this.inbound}`);
    this.inbound = seq;
    const plain = await subtle.decrypt({ name: "AES-GCM", iv: frame.slice(4, 16), additionalData: frame.slice(0, 4), tagLength: 128 }, this.key!, frame.slice(16));
    const { id, jsonrpc, method, params } = JSON.parse(new TextDecoder().decode(plain)) as { id: number; jsonrpc: string; method: string; params: Record<string, unknown> };
    if (jsonrpc !== "2.0") return this.end(`not JSON-RPC 2.0: ${jsonrpc}`);
    let answer: RpcAnswer;
    try {
      answer = this.answer({ method, params });
    } catch (error) {
      answer = { error: { code: -3, message: (error as Error).message } };
    }
    return this.encrypt({ jsonrpc: "2.0", id, ...answer });
  }

  private async encrypt(payload: unknown): Promise<Uint8Array> {
    const seq = sequence(++this.outbound);
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const body = new Uint8Array(await subtle.encrypt({ name: "AES-GCM", iv, additionalData: seq, tagLength: 128 }, this.key!, new TextEncoder().encode(JSON.stringify(payload))));
    return Buffer.concat([seq, iv, body]);
  }

  private end(reason: string): never {
    this.ended = true;
    throw new Error(`MWA session ended: ${reason}`);
  }
}

/**
 * A wallet that authorizes, signs messages and transactions, 'sends', signs in, answers its
 * capabilities, clones and revokes tokens; every request logged.
 */
export class MwaTestWalletLogic {
  readonly keys = new MwaKeys();
  readonly log: RpcRequest[] = [];
  private tokens = 0;
  private clones = 0;
  /** Tokens this wallet honours; a revoked one answers authorization failed (-1). */
  readonly validTokens = new Set<string>();
  /** What get_capabilities answers. */
  capabilities: Record<string, unknown> = {
    max_transactions_per_request: 2,
    max_messages_per_request: 2,
    supported_transaction_versions: ["legacy", 0],
    features: ["solana:signTransactions", "solana:cloneAuthorization"],
  };
  /** Sent as every authorization's wallet_uri_base when set (the wallet's own association endpoint). */
  walletUriBase: string | undefined;

  handle = (request: RpcRequest): RpcAnswer => {
    this.log.push(request);
    const { method, params } = request;
    switch (method) {
      case "authorize": {
        const token = params.auth_token as string | undefined;
        if (token !== undefined && !this.validTokens.has(token)) return { error: { code: -1, message: "authorization failed" } };
        const auth_token = `token-${++this.tokens}`;
        this.validTokens.add(auth_token);
        const accounts = [{ address: this.keys.base64Address, label: "Mwa account", chains: [params.chain], features: ["solana:signTransaction"] }];
        const authorization = { auth_token, accounts, ...(this.walletUriBase ? { wallet_uri_base: this.walletUriBase } : {}) };
        const signIn = params.sign_in_payload as Record<string, string> | undefined;
        if (!signIn) return { result: authorization };
        const message = new TextEncoder().encode(`${signIn.domain} wants you to sign in with your Solana account:\n${this.keys.address}${signIn.statement ? `\n\n${signIn.statement}` : ""}`);
        return { result: { ...authorization, sign_in_result: { address: this.keys.base64Address, signed_message: b64(message), signature: b64(this.keys.sign(message)) } } };
      }
      case "get_capabilities":
        return { result: this.capabilities };
      case "clone_authorization": {
        if (!this.validTokens.has(params.auth_token as string)) return { error: { code: -1, message: "authorization failed" } };
        const auth_token = `clone-${++this.clones}`;
        this.validTokens.add(auth_token);
        return { result: { auth_token } };
      }
      case "deauthorize":
        this.validTokens.delete(params.auth_token as string);
        return { result: {} };
      case "sign_messages":
        if (!(params.addresses as string[]).every((a) => a === this.keys.base64Address)) return { error: { code: -2, message: "unknown address" } };
        return { result: { signed_payloads: (params.payloads as string[]).map((p) => b64(Buffer.concat([fromB64(p), this.keys.sign(fromB64(p))]))) } };
      case "sign_transactions":
        return { result: { signed_payloads: (params.payloads as string[]).map((p) => b64(this.keys.signTransaction(fromB64(p)))) } };
      case "sign_and_send_transactions":
        // No cluster here: sign, and answer the signature a cluster would have been sent.
        return {
          result: {
            signatures: (params.payloads as string[]).map((p) => {
              const signed = getTransactionDecoder().decode(this.keys.signTransaction(fromB64(p)));
              return b64(Uint8Array.from(signed.signatures[this.keys.address as keyof typeof signed.signatures]!));
            }),
          },
        };
    }
    return { error: { code: -32601, message: `method not found: ${method}` } };
  };
}
