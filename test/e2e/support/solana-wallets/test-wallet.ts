// A wallet-standard Solana wallet for Chromium: the page side (an init script) registers it through
// `wallet-standard:register-wallet` / answers `wallet-standard:app-ready`; every request goes over
// `exposeBinding` to this process, which holds the ed25519 key (@noble/curves).
import type { BrowserContext, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";

export interface SolanaTestWalletInfo {
  name: string;
  icon: string;
  binding: string;
  transactionVersions: Array<"legacy" | 0>;
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

export class SolanaTestWallet {
  readonly secretKey = ed25519.utils.randomSecretKey();
  readonly publicKey = ed25519.getPublicKey(this.secretKey);
  readonly address = base58.encode(this.publicKey);
  readonly log: string[] = [];
  readonly rejectNext = new Set<string>();
  readonly info: SolanaTestWalletInfo;

  constructor(name = "Latch Solana Test Wallet") {
    this.info = {
      name,
      icon: "data:image/svg+xml;base64," + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="8" fill="#9945FF"/></svg>').toString("base64"),
      binding: `__latchSolWallet_${name.replace(/\W/g, "_")}`,
      transactionVersions: ["legacy", 0],
    };
  }

  async install(target: Page | BrowserContext): Promise<void> {
    await target.exposeBinding(this.info.binding, async (_source, json: string) => {
      const { method, params } = JSON.parse(json) as { method: string; params: number[] };
      return JSON.stringify(this.request(method, params));
    });
    await target.addInitScript(walletScript, this.info);
  }

  request(method: string, bytes: number[]): Answer {
    this.log.push(method);
    if (this.rejectNext.delete(method)) return { error: { code: 4001, message: "User rejected the request." } };
    switch (method) {
      case "connect":
        return { result: { address: this.address, publicKey: [...this.publicKey] } };
      case "disconnect":
        return { result: null };
      case "signMessage":
        return { result: [...ed25519.sign(Uint8Array.from(bytes), this.secretKey)] };
      case "signTransaction": {
        const wire = Uint8Array.from(bytes);
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
        signed.set(ed25519.sign(message, this.secretKey), 1 + slot * 64);
        return { result: [...signed] };
      }
    }
    return { error: { code: -32601, message: `Unsupported method ${method}` } };
  }
}

/** Runs in the page before any script: the wallet object, registered the wallet-standard way. */
function walletScript(info: SolanaTestWalletInfo) {
  const call = async (method: string, bytes: Uint8Array | number[] = []) => {
    const binding = (window as unknown as Record<string, (json: string) => Promise<string>>)[info.binding]!;
    const answer = JSON.parse(await binding(JSON.stringify({ method, params: [...bytes] })));
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    return answer.result;
  };
  const chains = ["solana:mainnet", "solana:devnet", "solana:localnet"] as const;
  let accounts: unknown[] = [];
  const listeners = new Set<(p: { accounts: unknown[] }) => void>();
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
        async connect() {
          const { address, publicKey } = await call("connect");
          accounts = [{ address, publicKey: Uint8Array.from(publicKey), chains, features: ["solana:signMessage", "solana:signTransaction"] }];
          for (const l of listeners) l({ accounts });
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        async disconnect() {
          await call("disconnect");
          accounts = [];
          for (const l of listeners) l({ accounts });
        },
      },
      "standard:events": {
        version: "1.0.0",
        on(_event: string, listener: (p: { accounts: unknown[] }) => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        async signMessage(...inputs: Array<{ message: Uint8Array }>) {
          const out = [];
          for (const input of inputs) out.push({ signedMessage: input.message, signature: Uint8Array.from(await call("signMessage", input.message)) });
          return out;
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: info.transactionVersions,
        async signTransaction(...inputs: Array<{ transaction: Uint8Array }>) {
          const out = [];
          for (const input of inputs) out.push({ signedTransaction: Uint8Array.from(await call("signTransaction", input.transaction)) });
          return out;
        },
      },
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
