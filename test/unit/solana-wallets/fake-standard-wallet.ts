// A wallet-standard Solana wallet for unit tests, registered through the window events.
import type { Wallet, WalletAccount } from "@wallet-standard/base";

export interface FakeStandardWallet {
  wallet: Wallet;
  calls: string[];
  rejectNext: Set<string>;
  /** How a silent connect answers: the accounts once approved (default), none, an error, or never. */
  silent: "approve" | "empty" | "throw" | "hang";
  register(): void;
  setAccounts(accounts: WalletAccount[]): void;
}

export interface FakeStandardWalletOptions {
  /** Extra features (signIn, signAndSendTransaction, …) merged over the defaults; null removes one. */
  features?: Record<string, unknown>;
  publicKey?: Uint8Array;
}

export function fakeStandardWallet(name: string, address = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", options: FakeStandardWalletOptions = {}): FakeStandardWallet {
  const calls: string[] = [];
  const rejectNext = new Set<string>();
  const listeners = new Set<(props: { accounts?: readonly WalletAccount[] }) => void>();
  const account: WalletAccount = {
    address,
    publicKey: options.publicKey ?? new Uint8Array(32).fill(7),
    chains: ["solana:mainnet", "solana:devnet"],
    features: ["solana:signMessage", "solana:signTransaction"],
  };
  let accounts: readonly WalletAccount[] = [];
  let approved = false;
  const reject = (method: string) => {
    if (!rejectNext.delete(method)) return;
    throw Object.assign(new Error("User rejected the request."), { code: 4001 });
  };
  const wallet: Wallet = {
    version: "1.0.0",
    name,
    icon: "data:image/svg+xml;base64,PHN2Zy8+",
    chains: ["solana:mainnet", "solana:devnet"],
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async (input?: { silent?: boolean }) => {
          if (input?.silent) {
            calls.push("connect:silent");
            if (fake.silent === "hang") return new Promise(() => {});
            if (fake.silent === "throw") throw new Error("Silent connect refused");
            if (fake.silent === "empty" || !approved) return { accounts: [] };
          } else calls.push("connect");
          reject("connect");
          approved = true;
          accounts = [account];
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          calls.push("disconnect");
          approved = false;
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (_event: "change", listener: (props: { accounts?: readonly WalletAccount[] }) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        signMessage: async (...inputs: Array<{ message: Uint8Array }>) => {
          calls.push("signMessage");
          reject("signMessage");
          return inputs.map((i) => ({ signedMessage: i.message, signature: new Uint8Array(64).fill(1) }));
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy"],
        signTransaction: async (...inputs: Array<{ transaction: Uint8Array }>) => {
          calls.push("signTransaction");
          return inputs.map((i) => {
            const signed = i.transaction.slice();
            signed.fill(9, 1, 65);
            return { signedTransaction: signed };
          });
        },
      },
    },
  };
  for (const [feature, value] of Object.entries(options.features ?? {})) {
    const features = wallet.features as Record<string, unknown>;
    if (value === null) delete features[feature];
    else features[feature] = value;
  }
  const fake: FakeStandardWallet = {
    wallet,
    calls,
    rejectNext,
    silent: "approve",
    register() {
      window.dispatchEvent(
        Object.assign(new Event("wallet-standard:register-wallet"), { detail: ({ register }: { register: (w: Wallet) => void }) => register(wallet) }),
      );
    },
    setAccounts(next) {
      accounts = next;
      for (const l of listeners) l({ accounts: next });
    },
  };
  return fake;
}
