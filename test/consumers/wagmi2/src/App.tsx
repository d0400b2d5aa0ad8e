// An app that keeps wagmi 2 (as every Account Kit app does): wagmi's React hooks see the Latch user
// through latch-kit/wagmi, and the evm plugin shares the app's wagmi config.
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { evm } from "latch-kit/plugins/evm";
import { latchConnector, syncLatchToWagmi } from "latch-kit/wagmi";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { WagmiProvider, createConfig, http, useAccount, useSignMessage, type Config } from "wagmi";
import { mainnet } from "wagmi/chains";

const kit = createKit({
  plugins: [emailOtp(), evm({ wagmiConfig: () => wagmiConfig })],
  signer: { url: import.meta.env.VITE_LATCH_SIGNER_URL ?? "http://localhost:8787" },
  ui: { auth: { sections: [[{ type: "email" }]] } },
});

// Signing needs no node; the transport is never called here.
const wagmiConfig: Config = createConfig({
  chains: [mainnet],
  connectors: [latchConnector({ kit })],
  transports: { [mainnet.id]: http("http://127.0.0.1:9") },
  multiInjectedProviderDiscovery: false,
});
syncLatchToWagmi(wagmiConfig, kit);

const queryClient = new QueryClient();

function Wallet() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const account = useAccount();
  const { signMessage, data: signature } = useSignMessage();
  return (
    <>
      <p data-testid="wagmi-status">{account.status}</p>
      {user ? <p data-testid="address">{user.address}</p> : <button onClick={openAuthModal}>Sign in</button>}
      {account.address ? <p data-testid="wagmi-address">{account.address}</p> : null}
      {account.connector ? <p data-testid="wagmi-connector">{account.connector.name}</p> : null}
      <button onClick={() => signMessage({ message: "hello from wagmi 2" })}>Sign with wagmi</button>
      {signature ? <p data-testid="wagmi-signature">{signature}</p> : null}
    </>
  );
}

export const App = () => (
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <LatchProvider kit={kit}>
        <h1>Latch beside wagmi 2</h1>
        <Wallet />
      </LatchProvider>
    </QueryClientProvider>
  </WagmiProvider>
);
