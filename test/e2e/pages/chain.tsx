// An app page with smart accounts on the local devnet: email sign-in, account addresses, sponsored
// user operations and ERC-1271 signatures.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { DEVNET_POLICY_ID, DEVNET_RETRY_SETTINGS, devnetChain } from "latch-kit/chain";
import { LatchProvider, useAuthModal, useSignerStatus } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { smartAccounts, useSendUserOperation, useSmartAccountClient, useSmartAccountSignMessage } from "latch-kit/plugins/smart-accounts";

const params = new URLSearchParams(location.search);
const emulator = params.get("emulator")!;
const kit = createKit({
  plugins: [
    emailOtp(),
    smartAccounts({
      chain: devnetChain({ rpcUrl: params.get("rpc")!, bundlerUrl: params.get("bundler")!, paymasterUrl: params.get("paymaster")! }),
      accountTypes: ["LightAccount", "ModularAccountV2"],
      policyId: DEVNET_POLICY_ID,
      retry: DEVNET_RETRY_SETTINGS,
    }),
  ],
  signer: { url: emulator, authFrameUrl: `${emulator}/frames/auth`, emailMode: "otp" },
  ui: { auth: { sections: [[{ type: "email" }]] } },
});

const BURN = "0x000000000000000000000000000000000000dEaD";

function Account({ type }: { type: "LightAccount" | "ModularAccountV2" }) {
  const { client, address, error } = useSmartAccountClient({ type });
  const send = useSendUserOperation({ client, waitForTxn: true });
  const sign = useSmartAccountSignMessage({ client });
  const [batchHash, setBatchHash] = useState<string>();
  if (error) return <p role="alert">{error.message}</p>;
  if (!address) return <p>Setting up {type}…</p>;
  return (
    <section aria-label={type}>
      <p data-testid={`${type}-address`}>{address}</p>
      <button type="button" onClick={() => send.sendUserOperation({ calls: [{ to: BURN, data: "0x1234" }] })}>
        Send sponsored {type}
      </button>
      <button
        type="button"
        onClick={async () => {
          const result = await send.sendUserOperationAsync({ calls: [{ to: BURN, data: "0x01" }, { to: BURN, data: "0x02" }] });
          setBatchHash(result.transactionHash);
        }}
      >
        Send batch {type}
      </button>
      {send.sendUserOperationResult?.transactionHash && <p data-testid={`${type}-tx`}>{send.sendUserOperationResult.transactionHash}</p>}
      {batchHash && <p data-testid={`${type}-batch-tx`}>{batchHash}</p>}
      {send.error && <p role="alert">{send.error.message}</p>}
      <button type="button" onClick={() => sign.signMessage({ message: "hello account" })}>
        Sign with {type}
      </button>
      {sign.signedMessage && <p data-testid={`${type}-signature`}>{sign.signedMessage}</p>}
      {sign.error && <p role="alert">{sign.error.message}</p>}
    </section>
  );
}

function SaltedAccount() {
  const { address } = useSmartAccountClient({ type: "LightAccount", accountParams: { salt: 1n } });
  return <p data-testid="salted-address">{address ?? "…"}</p>;
}

function App() {
  const { openAuthModal } = useAuthModal();
  const { status } = useSignerStatus();
  return (
    <main>
      <h1>Chain page</h1>
      <p data-testid="status">{status}</p>
      <button type="button" onClick={openAuthModal}>
        Sign in
      </button>
      {status === "CONNECTED" && (
        <>
          <Account type="LightAccount" />
          <Account type="ModularAccountV2" />
          <SaltedAccount />
        </>
      )}
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
