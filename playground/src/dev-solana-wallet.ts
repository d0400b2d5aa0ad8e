// Playground only: a Solana browser wallet to try the wallet section's svm entries with, registered the
// wallet-standard way like an installed extension. Its key is fixed and public (worthless by design),
// it signs in the page, and sends to the local Solana RPC only.
import {
  createKeyPairFromPrivateKeyBytes,
  createSolanaRpc,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Address,
} from "@solana/kit";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";

export const DEV_SOLANA_WALLET_NAME = "Dev Solana Wallet";
const CHAIN = "solana:localnet";
/** The same 32 bytes for everyone: a local test key, never a real one. */
const DEV_SEED = new Uint8Array(32).fill(7);
const ICON =
  "data:image/svg+xml;base64," +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#9945FF"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">S</text></svg>');

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void;
type Bytes = Uint8Array;

async function createDevSolanaWallet(rpcUrl: string): Promise<Wallet> {
  const keyPair = await createKeyPairFromPrivateKeyBytes(DEV_SEED);
  const address: Address = await getAddressFromPublicKey(keyPair.publicKey);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", keyPair.publicKey));
  const rpc = createSolanaRpc(rpcUrl);
  const features = ["solana:signMessage", "solana:signTransaction", "solana:signAndSendTransaction"] as const;
  const account: WalletAccount = Object.freeze({ address, publicKey, chains: [CHAIN] as const, features: [...features] as const });
  const listeners = new Set<Listener>();
  let connected = false;
  const setConnected = (next: boolean) => {
    connected = next;
    listeners.forEach((listener) => listener({ accounts: next ? [account] : [] }));
  };
  const signTransaction = (wire: Bytes) => partiallySignTransaction([keyPair], getTransactionDecoder().decode(wire));

  return {
    version: "1.0.0",
    name: DEV_SOLANA_WALLET_NAME,
    icon: ICON as Wallet["icon"],
    chains: [CHAIN],
    get accounts() {
      return connected ? [account] : [];
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          if (!connected) setConnected(true);
          return { accounts: [account] };
        },
      },
      "standard:disconnect": { version: "1.0.0", disconnect: async () => setConnected(false) },
      "standard:events": {
        version: "1.0.0",
        on: (_event: "change", listener: Listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        signMessage: (...inputs: Array<{ message: Bytes }>) =>
          Promise.all(inputs.map(async ({ message }) => ({ signedMessage: message, signature: new Uint8Array(await signBytes(keyPair.privateKey, message)) }))),
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: (...inputs: Array<{ transaction: Bytes }>) =>
          Promise.all(inputs.map(async ({ transaction }) => ({ signedTransaction: new Uint8Array(getTransactionEncoder().encode(await signTransaction(transaction))) }))),
      },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction: (...inputs: Array<{ transaction: Bytes }>) =>
          Promise.all(
            inputs.map(async ({ transaction }) => {
              const signed = await signTransaction(transaction);
              const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64", preflightCommitment: "confirmed" }).send();
              return { signature: new Uint8Array(getBase58Encoder().encode(signature)) };
            }),
          ),
      },
    },
  } as Wallet;
}

let unregister: (() => void) | null = null;
let pending: Promise<void> | null = null;
let wanted = false;

/** Registers the dev Solana wallet (or unregisters it) for the wallet section's Solana entries. */
export function setDevSolanaWallet(on: boolean, rpcUrl: string): void {
  wanted = on;
  if (!on) {
    unregister?.();
    unregister = null;
    return;
  }
  if (unregister || pending || typeof window === "undefined") return;
  pending = createDevSolanaWallet(rpcUrl)
    .then((wallet) => {
      if (wanted) unregister = getWallets().register(wallet);
    })
    .catch((error) => console.warn("[playground] the dev Solana wallet could not start (WebCrypto Ed25519 needed)", error))
    .finally(() => (pending = null));
}
