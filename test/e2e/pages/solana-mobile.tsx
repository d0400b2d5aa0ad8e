// The Mobile Wallet Adapter tests' app page: the wallet section with the solana and mobile plugins,
// the mobile wallet's state through useMobileWallet (and every session state seen), and buttons for
// each wallet-standard feature the mobile wallet offers, plus the protocol requests beyond it
// (capabilities, clone authorization, deauthorize) through useMobileWalletActions.
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import type { SolanaSignAndSendTransactionFeature, SolanaSignInFeature, SolanaSignMessageFeature } from "@solana/wallet-standard-features";
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from "@solana/kit";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useUser } from "latch-kit/react";
import { solana, useSolanaWallet } from "latch-kit/plugins/solana";
import { transferSolInstruction } from "latch-kit/plugins/solana-embedded";
import { MobileWalletModals, mobileWallet, useMobileWallet, useMobileWalletActions } from "latch-kit/plugins/mobile";

const params = new URLSearchParams(location.search);
const remoteHostAuthority = params.get("reflector") ?? undefined;

const kit = createKit({
  plugins: [solana({ chain: "solana:localnet" }), mobileWallet({ chain: "solana:localnet", appIdentity: { name: "Latch test" }, ...(remoteHostAuthority ? { remoteHostAuthority } : {}) })],
  ui: { theme: "light", auth: { sections: [[{ type: "external_wallets" }]] } },
});

const BLOCKHASH = "EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k" as Blockhash;
const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const mobileStandardWallet = () => getWallets().get().find((w) => w.name === "Mobile Wallet Adapter") as Wallet;

function transferTransaction(payer: string) {
  const me = address(payer);
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(me, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 100n }, m),
      (m) => appendTransactionMessageInstruction(transferSolInstruction({ source: me, destination: address("11111111111111111111111111111112"), amount: 1000 }), m),
    ),
  );
}

function SessionStates() {
  const state = useMobileWallet();
  const [seen, setSeen] = useState<string[]>([]);
  useEffect(() => setSeen((s) => (s.at(-1) === state.session ? s : [...s, state.session])), [state.session]);
  return (
    <>
      <p data-testid="mwa-state">{`${state.readyState} ${state.association ?? "none"} ${state.session} connecting=${state.connecting} connected=${state.connected}`}</p>
      <p data-testid="mwa-sessions">{seen.join(",")}</p>
    </>
  );
}

function Capabilities() {
  const { capabilities } = useMobileWallet();
  return <p data-testid="mwa-capabilities">{capabilities ? JSON.stringify(capabilities) : "none"}</p>;
}

function App() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const wallet = useSolanaWallet();
  const [result, setResult] = useState("");
  const [error, setError] = useState("");
  const actions = useMobileWalletActions();
  const report = (p: Promise<string>) => {
    setResult("");
    setError("");
    p.then(setResult, (e: Error & { code?: unknown }) => setError(`${e.name}${e.code === undefined ? "" : `(${String(e.code)})`}: ${e.message}`));
  };
  const signMessages = (count: number) =>
    (mobileStandardWallet().features["solana:signMessage"] as SolanaSignMessageFeature["solana:signMessage"])
      .signMessage(...Array.from({ length: count }, (_, n) => ({ account: account(), message: new TextEncoder().encode(`message ${n}`) })))
      .then((outputs) => String(outputs.length));
  const account = (): WalletAccount => mobileStandardWallet().accounts[0]!;
  return (
    <main style={{ padding: 24, overflowWrap: "anywhere" }}>
      <h1>Mobile wallet test page</h1>
      <button type="button" onClick={openAuthModal}>Open sign-in</button>
      <p data-testid="user">{user ? `${user.type} ${user.solanaAddress}` : "none"}</p>
      <SessionStates />
      <button type="button" onClick={() => report(wallet.signMessage("Sign in to Latch").then(bytesToBase64))}>Sign message</button>
      <button type="button" onClick={() => report(wallet.signTransaction(transferTransaction(wallet.publicKey!)).then(getBase64EncodedWireTransaction))}>Sign transaction</button>
      <button
        type="button"
        onClick={() =>
          report(
            (mobileStandardWallet().features["solana:signAndSendTransaction"] as SolanaSignAndSendTransactionFeature["solana:signAndSendTransaction"])
              .signAndSendTransaction({ account: account(), chain: "solana:localnet", transaction: new Uint8Array(getTransactionEncoder().encode(transferTransaction(wallet.publicKey!))), options: { commitment: "confirmed", skipPreflight: true } })
              .then(([out]) => bytesToBase64(out!.signature)),
          )
        }
      >
        Sign and send
      </button>
      <button
        type="button"
        onClick={() =>
          report(
            (mobileStandardWallet().features["solana:signIn"] as SolanaSignInFeature["solana:signIn"])
              .signIn({ statement: "Sign in to Latch" })
              .then(([out]) => JSON.stringify({ address: out!.account.address, message: new TextDecoder().decode(out!.signedMessage), signature: bytesToBase64(out!.signature) })),
          )
        }
      >
        Sign in with Solana
      </button>
      <button type="button" onClick={() => void wallet.disconnect()}>Disconnect</button>
      <button type="button" onClick={() => report(actions!.getCapabilities().then((c) => JSON.stringify(c)))}>Get capabilities</button>
      <button type="button" onClick={() => report(signMessages(3))}>Sign 3 messages</button>
      {actions?.cloneAuthorization && (
        <button type="button" onClick={() => report(actions.cloneAuthorization!())}>Clone authorization</button>
      )}
      <button type="button" onClick={() => report(actions!.deauthorize().then(() => "deauthorized"))}>Deauthorize</button>
      <Capabilities />
      <p data-testid="result">{result}</p>
      <p data-testid="error">{error}</p>
      <MobileWalletModals />
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
