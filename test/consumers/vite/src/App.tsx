// The README's usage example, as a new app would write it, plus wagmi through latch-kit/wagmi.
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useUser, useSignMessage } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { passkey } from "latch-kit/plugins/passkey";
import { latchConnector, syncLatchToWagmi } from "latch-kit/wagmi";
import { createConfig, getAccount, http, signMessage } from "@wagmi/core";
import { mainnet } from "viem/chains";
import { useState } from "react";

const kit = createKit({
  plugins: [emailOtp(), passkey()],
  // A production server wants the app's API key (latch-server init prints one); the local emulator needs none
  // ("" sends none: the config refuses an undefined key).
  signer: { url: import.meta.env.VITE_LATCH_SIGNER_URL ?? "http://localhost:8787", connection: { apiKey: import.meta.env.VITE_LATCH_API_KEY ?? "" } },
  ui: {
    auth: { sections: [[{ type: "email" }], [{ type: "passkey" }]], addPasskeyOnSignup: false },
  },
});

// Signing needs no node; the transport is never called here.
const wagmi = createConfig({
  chains: [mainnet],
  connectors: [latchConnector({ kit })],
  transports: { [mainnet.id]: http("http://127.0.0.1:9") },
  multiInjectedProviderDiscovery: false,
});
syncLatchToWagmi(wagmi, kit);

function WagmiSign() {
  const [result, setResult] = useState<{ address: string; signature: string }>();
  const sign = async () => {
    const signature = await signMessage(wagmi, { message: "hello from wagmi" });
    setResult({ address: getAccount(wagmi).address ?? "", signature });
  };
  return (
    <>
      <button onClick={() => void sign()}>Sign with wagmi</button>
      {result ? (
        <>
          <p data-testid="wagmi-address">{result.address}</p>
          <p data-testid="wagmi-signature">{result.signature}</p>
        </>
      ) : null}
    </>
  );
}

function SignIn() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const { signMessageAsync } = useSignMessage();
  const [signature, setSignature] = useState<string>();
  if (!user) return <button onClick={openAuthModal}>Sign in</button>;
  return (
    <>
      <p data-testid="address">{user.address}</p>
      <button onClick={() => void signMessageAsync({ message: "hello" }).then(setSignature)}>Sign a message</button>
      {signature ? <p data-testid="signature">{signature}</p> : null}
      <WagmiSign />
    </>
  );
}

export const App = () => (
  <LatchProvider kit={kit}>
    <h1>Latch on Vite</h1>
    <SignIn />
  </LatchProvider>
);
