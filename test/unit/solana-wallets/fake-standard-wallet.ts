// A wallet-standard Solana wallet for unit tests, registered through the window events.
import type { Wallet, WalletAccount } from "@wallet-standard/base";

export interface FakeStandardWallet {
  wallet: Wallet;
  calls: string[];
  rejectNext: Set<string>;
  register(): void;
  setAccounts(accounts: WalletAccount[]): void;
}

export function fakeStandardWallet(name: string, address = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"): FakeStandardWallet {
  const calls: string[] = [];
  const rejectNext = new Set<string>();
  const listeners = new Set<(props: { accounts?: readonly WalletAccount[] }) => void>();
  const account: WalletAccount = {
    address,
    publicKey: new Uint8Array(32).fill(7),
    chains: ["solana:mainnet", "solana:devnet"],
    features: ["solana:signMessage", "solana:signTransaction"],
  };
  let accounts: readonly WalletAccount[] = [];
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
        connect: async () => {
          calls.push("connect");
          reject("connect");
          accounts = [account];
          return { accounts };
        },
      },
      "standard:disconnect": { version: "1.0.0", disconnect: async () => void calls.push("disconnect") },
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
  return {
    wallet,
    calls,
    rejectNext,
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
}
