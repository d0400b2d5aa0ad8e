// A wallet-standard Solana wallet for Chromium: the page side (an init script) registers it through
// `wallet-standard:register-wallet` / answers `wallet-standard:app-ready`; every request goes over
// `exposeBinding` to this process, which holds the ed25519 key (@noble/curves) and the wallet's
// state: whether this site is authorized (a silent connect answers only then), sign-in with Solana,
// and signAndSendTransaction submitting to a Solana JSON-RPC endpoint (the local LiteSVM one).
import type { BrowserContext, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import type { SolanaSignInInput } from "@solana/wallet-standard-features";

export interface SolanaTestWalletInfo {
  name: string;
  icon: string;
  binding: string;
  transactionVersions: Array<"legacy" | 0>;
  signAndSend: boolean;
  signIn: boolean;
}

export interface SolanaTestWalletOptions {
  name?: string;
  /** Offer solana:signAndSendTransaction, sending to this JSON-RPC endpoint. */
  rpcUrl?: string;
  /** Offer solana:signIn (default true). */
  signIn?: boolean;
}

type Answer = { result: unknown } | { error: { code: number; message: string } };
interface Request {
  method: string;
  bytes?: number[];
  silent?: boolean;
  input?: SolanaSignInInput;
}

export class SolanaTestWallet {
  secretKey = ed25519.utils.randomSecretKey();
  publicKey = ed25519.getPublicKey(this.secretKey);
  address = base58.encode(this.publicKey);
  readonly log: string[] = [];
  readonly rejectNext = new Set<string>();
  readonly info: SolanaTestWalletInfo;
  /** Whether the site is authorized: set by an approved connect, cleared by disconnect. */
  authorized = false;
  /** A silent connect: answers the account when authorized ('approve'), or throws ('refuse'). */
  silent: "approve" | "refuse" = "approve";
  /** Answer the next sign-in with a signature that does not verify. */
  tamperSignIn = false;
  private readonly rpcUrl: string | undefined;

  constructor(options: SolanaTestWalletOptions = {}) {
    const name = options.name ?? "Latch Solana Test Wallet";
    this.rpcUrl = options.rpcUrl;
    this.info = {
      name,
      icon: "data:image/svg+xml;base64," + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="8" fill="#9945FF"/></svg>').toString("base64"),
      binding: `__latchSolWallet_${name.replace(/\W/g, "_")}`,
      transactionVersions: ["legacy", 0],
      signAndSend: !!options.rpcUrl,
      signIn: options.signIn ?? true,
    };
  }

  async install(target: Page | BrowserContext): Promise<void> {
    await target.exposeBinding(this.info.binding, async (source, json: string) => {
      return JSON.stringify(await this.request(JSON.parse(json) as Request, new URL(source.frame.url()).host));
    });
    await target.addInitScript(walletScript, this.info);
  }

  /** The user picks another account in the wallet: a new key, announced by a standard:events change. */
  async switchAccount(page: Page): Promise<void> {
    this.secretKey = ed25519.utils.randomSecretKey();
    this.publicKey = ed25519.getPublicKey(this.secretKey);
    this.address = base58.encode(this.publicKey);
    await page.evaluate(([binding, address, publicKey]) => (window as unknown as Record<string, (a: string, k: number[]) => void>)[`${binding}_change`]!(address, publicKey), [
      this.info.binding,
      this.address,
      [...this.publicKey],
    ] as [string, string, number[]]);
  }

  async request({ method, bytes = [], silent, input }: Request, host: string): Promise<Answer> {
    this.log.push(silent ? `${method}:silent` : method);
    if (this.rejectNext.delete(method)) return { error: { code: 4001, message: "User rejected the request." } };
    switch (method) {
      case "connect":
        if (silent && this.silent === "refuse") return { error: { code: 4100, message: "The site is not trusted for a silent connect." } };
        if (silent && !this.authorized) return { result: null };
        this.authorized = true;
        return { result: { address: this.address, publicKey: [...this.publicKey] } };
      case "disconnect":
        this.authorized = false;
        return { result: null };
      case "signMessage":
        return { result: [...ed25519.sign(Uint8Array.from(bytes), this.secretKey)] };
      case "signTransaction": {
        const signed = this.signWire(Uint8Array.from(bytes));
        return "error" in signed ? signed : { result: [...signed.wire] };
      }
      case "signAndSendTransaction": {
        const signed = this.signWire(Uint8Array.from(bytes));
        if ("error" in signed) return signed;
        return this.send(signed.wire, signed.signature);
      }
      case "signIn": {
        const text = createSignInMessageText({ ...input, domain: input?.domain ?? host, address: input?.address ?? this.address });
        const signedMessage = new TextEncoder().encode(text);
        const signature = ed25519.sign(signedMessage, this.secretKey);
        if (this.tamperSignIn) {
          this.tamperSignIn = false;
          signature[10]! ^= 0xff;
        }
        return { result: { address: this.address, publicKey: [...this.publicKey], signedMessage: [...signedMessage], signature: [...signature] } };
      }
    }
    return { error: { code: -32601, message: `Unsupported method ${method}` } };
  }

  private signWire(wire: Uint8Array): { wire: Uint8Array; signature: Uint8Array } | { error: { code: number; message: string } } {
    // compact-u16 signature count (small here: one byte), the signatures, then the message.
    const count = wire[0]!;
    const message = wire.slice(1 + count * 64);
    // Our slot: the message's account keys start after the header (3 bytes, after the version byte for v0) and a count byte.
    const versioned = (message[0]! & 0x80) !== 0;
    const keysAt = (versioned ? 1 : 0) + 3 + 1;
    const numSigners = message[versioned ? 1 : 0]!;
    let slot = -1;
    for (let i = 0; i < numSigners; i++) {
      const key = message.slice(keysAt + i * 32, keysAt + (i + 1) * 32);
      if (key.every((b, j) => b === this.publicKey[j])) slot = i;
    }
    if (slot < 0) return { error: { code: -32602, message: "The wallet's key does not sign this transaction" } };
    const signed = wire.slice();
    const signature = ed25519.sign(message, this.secretKey);
    signed.set(signature, 1 + slot * 64);
    return { wire: signed, signature };
  }

  /** Submits to the wallet's RPC endpoint (loopback only), as a wallet with its own connection does. */
  private async send(wire: Uint8Array, signature: Uint8Array): Promise<Answer> {
    const url = new URL(this.rpcUrl!);
    if (!["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return { error: { code: -32603, message: "The test wallet sends only to loopback" } };
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "sendTransaction", params: [Buffer.from(wire).toString("base64"), { encoding: "base64" }] }),
    });
    const answer = (await response.json()) as { result?: string; error?: { code: number; message: string } };
    if (answer.error) return { error: answer.error };
    if (answer.result !== base58.encode(signature)) return { error: { code: -32603, message: `The RPC answered another signature: ${answer.result}` } };
    return { result: [...signature] };
  }
}

/** Runs in the page before any script: the wallet object, registered the wallet-standard way. */
function walletScript(info: SolanaTestWalletInfo) {
  type Account = { address: string; publicKey: Uint8Array; chains: readonly string[]; features: string[] };
  const call = async (method: string, payload: { bytes?: Uint8Array; silent?: boolean; input?: unknown } = {}) => {
    const binding = (window as unknown as Record<string, (json: string) => Promise<string>>)[info.binding]!;
    const request = { method, ...payload, ...(payload.bytes ? { bytes: [...payload.bytes] } : {}) };
    const answer = JSON.parse(await binding(JSON.stringify(request)));
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    return answer.result;
  };
  const chains = ["solana:mainnet", "solana:devnet", "solana:localnet"] as const;
  const accountFeatures = ["solana:signMessage", "solana:signTransaction", ...(info.signAndSend ? ["solana:signAndSendTransaction"] : []), ...(info.signIn ? ["solana:signIn"] : [])];
  const toAccount = (address: string, publicKey: number[]): Account => ({ address, publicKey: Uint8Array.from(publicKey), chains, features: accountFeatures });
  let accounts: Account[] = [];
  const listeners = new Set<(p: { accounts: Account[] }) => void>();
  const setAccounts = (next: Account[]) => {
    accounts = next;
    for (const l of listeners) l({ accounts });
  };
  // The test process switches the account: the change event a real wallet sends.
  (window as unknown as Record<string, unknown>)[`${info.binding}_change`] = (address: string, publicKey: number[]) => setAccounts([toAccount(address, publicKey)]);
  const signAndSend = {
    "solana:signAndSendTransaction": {
      version: "1.0.0",
      supportedTransactionVersions: info.transactionVersions,
      async signAndSendTransaction(...inputs: Array<{ transaction: Uint8Array; chain: string }>) {
        const out = [];
        for (const input of inputs) {
          if (!chains.includes(input.chain as (typeof chains)[number])) throw new Error(`Unsupported chain ${input.chain}`);
          out.push({ signature: Uint8Array.from(await call("signAndSendTransaction", { bytes: input.transaction })) });
        }
        return out;
      },
    },
  };
  const signIn = {
    "solana:signIn": {
      version: "1.0.0",
      async signIn(...inputs: unknown[]) {
        const out = [];
        for (const input of inputs) {
          const r = await call("signIn", { input });
          const account = toAccount(r.address, r.publicKey);
          if (!accounts.length) setAccounts([account]);
          out.push({ account, signedMessage: Uint8Array.from(r.signedMessage), signature: Uint8Array.from(r.signature) });
        }
        return out;
      },
    },
  };
  const wallet = {
    version: "1.0.0",
    name: info.name,
    icon: info.icon,
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        async connect(input?: { silent?: boolean }) {
          const answer = await call("connect", { silent: !!input?.silent });
          if (answer) setAccounts([toAccount(answer.address, answer.publicKey)]);
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        async disconnect() {
          await call("disconnect");
          setAccounts([]);
        },
      },
      "standard:events": {
        version: "1.0.0",
        on(_event: string, listener: (p: { accounts: Account[] }) => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        async signMessage(...inputs: Array<{ message: Uint8Array }>) {
          const out = [];
          for (const input of inputs) out.push({ signedMessage: input.message, signature: Uint8Array.from(await call("signMessage", { bytes: input.message })) });
          return out;
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: info.transactionVersions,
        async signTransaction(...inputs: Array<{ transaction: Uint8Array }>) {
          const out = [];
          for (const input of inputs) out.push({ signedTransaction: Uint8Array.from(await call("signTransaction", { bytes: input.transaction })) });
          return out;
        },
      },
      ...(info.signAndSend ? signAndSend : {}),
      ...(info.signIn ? signIn : {}),
    },
  };
  const register = ({ register }: { register: (w: unknown) => void }) => register(wallet);
  try {
    window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: register }));
  } catch (error) {
    console.error("wallet-standard:register-wallet event could not be dispatched\n", error);
  }
  window.addEventListener("wallet-standard:app-ready", (event) => register((event as CustomEvent).detail));
}
