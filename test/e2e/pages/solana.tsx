// An app page with Solana for embedded users on the local Solana RPC: email sign-in, the user's Solana
// address and inferred network, a signed message, sponsored and self-paid SOL transfers, and
// transactions (v0 and legacy) signed without sending.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useSignerStatus } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import {
  buildSolanaTransaction,
  solanaEmbedded,
  useSolanaConnection,
  useSolanaSigner,
  useSolanaSignMessage,
  useSolanaTransaction,
} from "latch-kit/plugins/solana-embedded";
import { getBase64EncodedWireTransaction } from "@solana/kit";

const params = new URLSearchParams(location.search);
const emulator = params.get("emulator")!;
const recipient = params.get("to")!;
const policyId = params.get("policy") ?? "solana-sponsorship";
const kit = createKit({
  plugins: [emailOtp(), solanaEmbedded({ rpcUrl: params.get("solana")! })],
  signer: { url: emulator, authFrameUrl: `${emulator}/frames/auth`, emailMode: "otp" },
  ui: { auth: { sections: [[{ type: "email" }]] } },
});

const AMOUNT = 10_000_000n; // 0.01 SOL

function Solana() {
  const signer = useSolanaSigner();
  const { network, chainId, connection } = useSolanaConnection();
  const sign = useSolanaSignMessage();
  const sponsored = useSolanaTransaction({ policyId });
  const selfPaid = useSolanaTransaction();
  const [signedTx, setSignedTx] = useState<Record<string, string>>({});
  const [signError, setSignError] = useState<string>();

  async function signOnly(version: 0 | "legacy") {
    setSignError(undefined);
    try {
      const { transaction } = await buildSolanaTransaction(connection, signer!, { transfer: { amount: 1_000_000n, toAddress: recipient } }, { version });
      const signed = await signer!.signTransaction(transaction);
      setSignedTx((s) => ({ ...s, [String(version)]: getBase64EncodedWireTransaction(signed) }));
    } catch (error) {
      setSignError((error as Error).message);
    }
  }

  if (!signer) return <p>No Solana signer</p>;
  return (
    <section aria-label="Solana">
      <p data-testid="solana-address">{signer.address}</p>
      <p data-testid="solana-network">
        {network} {chainId}
      </p>
      <button type="button" onClick={() => sign.signMessage({ message: "hello solana" })}>
        Sign Solana message
      </button>
      {sign.signedMessage && <p data-testid="solana-message-signature">{sign.signedMessage}</p>}
      {sign.error && <p role="alert">{sign.error.message}</p>}

      <button type="button" onClick={() => sponsored.sendTransaction({ transfer: { amount: AMOUNT, toAddress: recipient } })}>
        Send sponsored transfer
      </button>
      {sponsored.isPending && <p>Sending…</p>}
      {sponsored.data && <p data-testid="solana-sponsored-tx">{sponsored.data.hash}</p>}
      {sponsored.error && <p role="alert">{sponsored.error.message}</p>}

      <button type="button" onClick={() => selfPaid.sendTransaction({ transfer: { amount: AMOUNT, toAddress: recipient } })}>
        Send transfer paying the fee
      </button>
      {selfPaid.data && <p data-testid="solana-self-paid-tx">{selfPaid.data.hash}</p>}
      {selfPaid.error && <p role="alert">{selfPaid.error.message}</p>}

      <button type="button" onClick={() => void signOnly(0)}>
        Sign v0 transaction
      </button>
      <button type="button" onClick={() => void signOnly("legacy")}>
        Sign legacy transaction
      </button>
      {signedTx["0"] && <p data-testid="solana-signed-v0">{signedTx["0"]}</p>}
      {signedTx["legacy"] && <p data-testid="solana-signed-legacy">{signedTx["legacy"]}</p>}
      {signError && <p role="alert">{signError}</p>}
    </section>
  );
}

function App() {
  const { openAuthModal } = useAuthModal();
  const { status } = useSignerStatus();
  return (
    <main>
      <h1>Solana page</h1>
      <p data-testid="status">{status}</p>
      <button type="button" onClick={openAuthModal}>
        Sign in
      </button>
      {status === "CONNECTED" && <Solana />}
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
