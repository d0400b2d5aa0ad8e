// The Solana wallet tests' app page: the external_wallets section with the solana plugin (and the
// evm plugin, so EVM wallets list first), plus buttons that sign a message and a v0 transaction,
// send a transfer through the wallet (to the local Solana RPC given as ?rpc=) and sign in with Solana.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from "@solana/kit";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useLogout, useSignerStatus, useUser } from "latch-kit/react";
import { evm } from "latch-kit/plugins/evm";
import { solana, useSolanaWallet } from "latch-kit/plugins/solana";
import { buildSolanaTransaction, resolveSolanaEndpoint, transferSolInstruction } from "latch-kit/plugins/solana-embedded";
import { mobileWallet } from "latch-kit/plugins/mobile";

const params = new URLSearchParams(location.search);
const known = (params.get("known") ?? "").split(",").filter(Boolean).map((name) => ({ name, url: `https://wallets.example/${encodeURIComponent(name)}` }));

const rpcUrl = params.get("rpc") ?? undefined;
const recipient = params.get("to") ?? "11111111111111111111111111111112";

const kit = createKit({
  plugins: [evm(), solana({ chain: "solana:localnet", wallets: known, ...(rpcUrl ? { rpcUrl } : {}) }), ...(params.has("mobile") ? [mobileWallet({ chain: "solana:localnet", appIdentity: { name: "Latch test" } })] : [])],
  ui: { theme: "light", auth: { sections: [[{ type: "external_wallets" }]] } },
});

const BLOCKHASH = "EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k" as Blockhash;
const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function App() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const wallet = useSolanaWallet();
  const { logout } = useLogout();
  const { status } = useSignerStatus();
  const [signature, setSignature] = useState("");
  const [sent, setSent] = useState("");
  const [signIn, setSignIn] = useState("");
  const [signedTx, setSignedTx] = useState("");
  const [error, setError] = useState("");
  const report = (p: Promise<unknown>) => p.then(() => setError(""), (e: Error) => setError(`${e.name}: ${e.message}`));
  const signTx = async () => {
    const me = address(wallet.publicKey!);
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(me, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 100n }, m),
      (m) => appendTransactionMessageInstruction(transferSolInstruction({ source: me, destination: address("11111111111111111111111111111112"), amount: 1000 }), m),
    );
    setSignedTx(getBase64EncodedWireTransaction(await wallet.signTransaction(compileTransaction(message))));
  };
  const sendTransfer = async () => {
    const endpoint = resolveSolanaEndpoint({ rpcUrl: rpcUrl! });
    const { transaction, lastValidBlockHeight } = await buildSolanaTransaction(endpoint, { address: address(wallet.publicKey!) }, { transfer: { amount: 10_000_000n, toAddress: recipient } });
    const { hash, sentBy } = await wallet.sendTransaction(transaction, { lastValidBlockHeight });
    setSent(`${sentBy} ${hash}`);
  };
  const signInWithSolana = async () => {
    const output = await wallet.signIn({ statement: "Sign in to Latch", nonce: "n0nce123" });
    setSignIn(`${new TextDecoder().decode(output.signedMessage)}\n${bytesToBase64(output.signature)}`);
  };
  return (
    <main style={{ padding: 24, overflowWrap: "anywhere" }}>
      <h1>Solana wallets test page</h1>
      <button type="button" onClick={openAuthModal}>Open sign-in</button>
      <p data-testid="user">{user ? `${user.type} ${user.address} ${user.orgId} ${user.userId} ${user.solanaAddress}` : "none"}</p>
      <p data-testid="status">{status}</p>
      <p data-testid="connection">{`${wallet.status} ${wallet.walletName ?? ""}`}</p>
      <button type="button" onClick={() => report(wallet.signMessage("Sign in to Latch").then((s) => setSignature(bytesToBase64(s))))}>Sign message</button>
      <p data-testid="signature">{signature}</p>
      <button type="button" onClick={() => report(signTx())}>Sign transaction</button>
      <p data-testid="signed-tx">{signedTx}</p>
      <button type="button" onClick={() => report(sendTransfer())}>Send transfer</button>
      <p data-testid="sent">{sent}</p>
      <button type="button" onClick={() => report(signInWithSolana())}>Sign in with Solana</button>
      <pre data-testid="siws">{signIn}</pre>
      <button type="button" onClick={() => void logout()}>Log out</button>
      <p data-testid="error">{error}</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
