// The Mobile Wallet Adapter as a wallet-standard wallet: what the solana plugin lists and connects.
// Each feature is one session (see wallet.ts); payloads travel base64, addresses base58 here.
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from "@solana/kit";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import type { StandardConnectInput } from "@wallet-standard/features";
import type {
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignInInput,
  SolanaSignInOutput,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from "@solana/wallet-standard-features";
import type { AuthorizedAccount } from "./authorization-cache";
import { assertWithinLimit } from "./capabilities";
import { mobileWalletStrings as t } from "./strings";
import type { MobileWallet } from "./wallet";

const SIGNATURE_BYTES = 64;
const FEATURES = ["solana:signMessage", "solana:signTransaction", "solana:signAndSendTransaction", "solana:signIn"] as const;

// A phone with a signal: 'wallet on a device'. Pre-encoded so nothing runs at import.
const ICON =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyOCAyOCI+PHJlY3Qgd2lkdGg9IjI4IiBoZWlnaHQ9IjI4IiByeD0iNiIgZmlsbD0iIzE0RjE5NSIvPjxyZWN0IHg9IjkiIHk9IjUiIHdpZHRoPSIxMCIgaGVpZ2h0PSIxOCIgcng9IjIiIGZpbGw9Im5vbmUiIHN0cm9rZT0iIzAwMCIgc3Ryb2tlLXdpZHRoPSIyIi8+PC9zdmc+" as const;

const base64 = {
  encode: (bytes: Uint8Array) => getBase64Decoder().decode(bytes),
  decode: (text: string) => new Uint8Array(getBase64Encoder().encode(text)),
};
const base58 = {
  encode: (bytes: Uint8Array) => getBase58Decoder().decode(bytes),
  decode: (text: string) => new Uint8Array(getBase58Encoder().encode(text)),
};

function toWalletAccount(account: AuthorizedAccount, chain: `solana:${string}`): WalletAccount {
  const publicKey = base64.decode(account.address);
  return { address: base58.encode(publicKey), publicKey, chains: [chain], features: FEATURES, ...(account.label ? { label: account.label } : {}) };
}

/** The wallet's signature: the last 64 bytes of 'message ‖ signature' (MWA sign_messages). */
const signatureOf = (signedPayload: Uint8Array) => signedPayload.slice(signedPayload.length - SIGNATURE_BYTES);

/** The mobile wallet as a wallet-standard wallet. */
export function createStandardWallet(mobile: MobileWallet): Wallet {
  const { chain } = mobile.settings;
  const changeListeners = new Set<(properties: { accounts: readonly WalletAccount[] }) => void>();
  const accounts = () => (mobile.getState().connected ? (mobile.getState().authorization?.accounts ?? []).map((a) => toWalletAccount(a, chain)) : []);
  const knownAccount = (address: string) => {
    if (!accounts().some((a) => a.address === address)) throw new TypeError(`Account ${address} is not authorized by the mobile wallet; connect first.`);
    return base64.encode(base58.decode(address));
  };
  // Accounts change with every state change that touches the authorization (connect, disconnect,
  // deauthorize, a token the wallet refused): told to listeners once per change.
  const keyOf = (list: readonly WalletAccount[]) => list.map((a) => a.address).join();
  let accountsKey = keyOf(accounts());
  mobile.subscribe(() => {
    const current = accounts();
    const key = keyOf(current);
    if (key === accountsKey) return;
    accountsKey = key;
    for (const listener of [...changeListeners]) listener({ accounts: current });
  });
  /** What every signing request checks before its hand-off: some inputs, within the wallet's known maximum, authorized accounts (base64 addresses). */
  const acceptInputs = (inputs: readonly { account: WalletAccount }[], feature: string, kind: "transactions" | "messages"): string[] => {
    if (inputs.length === 0) throw new TypeError(`${feature}: give at least one input.`);
    assertWithinLimit(mobile.getState().capabilities, kind, inputs.length);
    return inputs.map((i) => knownAccount(i.account.address));
  };

  const features = {
    "standard:connect": {
      version: "1.0.0",
      connect: async (input?: StandardConnectInput) => {
        if (input?.silent) {
          mobile.restoreCachedAuthorization();
          return { accounts: accounts() };
        }
        await mobile.session(async () => undefined, { connect: true });
        return { accounts: accounts() };
      },
    },
    "standard:disconnect": {
      version: "1.0.0",
      disconnect: async () => {
        mobile.forget();
      },
    },
    "standard:events": {
      version: "1.0.0",
      on: (_event: "change", listener: (properties: { accounts: readonly WalletAccount[] }) => void) => {
        changeListeners.add(listener);
        return () => void changeListeners.delete(listener);
      },
    },
    "solana:signMessage": {
      version: "1.1.0",
      signMessage: async (...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> => {
        const addresses = acceptInputs(inputs, "signMessage", "messages");
        return mobile.session(async ({ wallet }) => {
          const { signed_payloads } = await wallet.signMessages({ addresses, payloads: inputs.map((i) => base64.encode(i.message)) });
          return signed_payloads.map((payload, n) => ({ signedMessage: inputs[n]!.message, signature: signatureOf(base64.decode(payload)), signatureType: "ed25519" as const }));
        });
      },
    },
    "solana:signTransaction": {
      version: "1.0.0",
      supportedTransactionVersions: ["legacy", 0] as const,
      signTransaction: async (...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> => {
        acceptInputs(inputs, "signTransaction", "transactions");
        return mobile.session(async ({ wallet }) => {
          const { signed_payloads } = await wallet.signTransactions({ payloads: inputs.map((i) => base64.encode(i.transaction)) });
          return signed_payloads.map((payload) => ({ signedTransaction: base64.decode(payload) }));
        });
      },
    },
    "solana:signAndSendTransaction": {
      version: "1.0.0",
      supportedTransactionVersions: ["legacy", 0] as const,
      signAndSendTransaction: async (...inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> => {
        acceptInputs(inputs, "signAndSendTransaction", "transactions");
        // One request carries one set of options: the first input's (the wallet-standard adapters do the same).
        const options = inputs[0]!.options;
        return mobile.session(async ({ wallet }) => {
          const { signatures } = await wallet.signAndSendTransactions({
            payloads: inputs.map((i) => base64.encode(i.transaction)),
            ...(options
              ? {
                  options: {
                    ...(options.minContextSlot !== undefined ? { min_context_slot: options.minContextSlot } : {}),
                    ...(options.commitment ? { commitment: options.commitment } : {}),
                    ...(options.skipPreflight !== undefined ? { skip_preflight: options.skipPreflight } : {}),
                    ...(options.maxRetries !== undefined ? { max_retries: options.maxRetries } : {}),
                  },
                }
              : {}),
          });
          return signatures.map((signature) => ({ signature: base64.decode(signature) }));
        });
      },
    },
    "solana:signIn": {
      version: "1.0.0",
      signIn: async (...inputs: readonly SolanaSignInInput[]): Promise<readonly SolanaSignInOutput[]> => {
        // MWA signs one sign-in message per authorization.
        if (inputs.length > 1) throw new TypeError("signIn: the mobile wallet signs one sign-in message at a time.");
        const input = inputs[0] ?? {};
        const signIn = { ...input, domain: input.domain ?? location.host };
        const output = await mobile.session(
          async ({ authorization }) => {
            const result = authorization.sign_in_result as { address: string; signed_message: string; signature: string } | undefined;
            if (!result) throw new TypeError("The wallet answered the sign-in without a signed message.");
            const account = toWalletAccount(authorization.accounts.find((a) => a.address === result.address) ?? { address: result.address }, chain);
            return { account, signedMessage: base64.decode(result.signed_message), signature: signatureOf(base64.decode(result.signature)), signatureType: "ed25519" as const };
          },
          { connect: true, signIn },
        );
        return [output];
      },
    },
  };

  return {
    version: "1.0.0",
    name: t.walletName,
    icon: ICON,
    chains: [chain],
    get accounts() {
      return accounts();
    },
    features,
  };
}
