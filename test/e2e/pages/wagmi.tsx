// An app page that uses latch-kit/wagmi on the local devnet: one wagmi config whose account is the
// embedded owner key, one whose account is the user's LightAccount. Signing and sending go through
// wagmi's own actions.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { connect, createConfig, createStorage, disconnect, getAccount, http, sendTransaction, signMessage, type Config } from "@wagmi/core";
import { createKit } from "latch-kit";
import { DEVNET_POLICY_ID, DEVNET_RETRY_SETTINGS, devnetChain } from "latch-kit/chain";
import { LatchProvider, useAuthModal, useSignerStatus } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { smartAccounts } from "latch-kit/plugins/smart-accounts";
import { latchConnector, syncLatchToWagmi, type LatchWagmiAccount } from "latch-kit/wagmi";

const params = new URLSearchParams(location.search);
const emulator = params.get("emulator")!;
const chain = devnetChain({ rpcUrl: params.get("rpc")!, bundlerUrl: params.get("bundler")!, paymasterUrl: params.get("paymaster")! });
const kit = createKit({
  plugins: [emailOtp(), smartAccounts({ chain, accountTypes: ["LightAccount"], policyId: DEVNET_POLICY_ID, retry: DEVNET_RETRY_SETTINGS })],
  signer: { url: emulator, authFrameUrl: `${emulator}/frames/auth`, emailMode: "otp" },
  ui: { auth: { sections: [[{ type: "email" }]] } },
});

function wagmiFor(account: LatchWagmiAccount): Config {
  const config = createConfig({
    chains: [chain],
    connectors: [latchConnector({ kit, account })],
    transports: { [chain.id]: http(chain.rpcUrls.default.http[0]) },
    multiInjectedProviderDiscovery: false,
    // ?storage=1: the owner's config keeps wagmi's state in localStorage, as an app's usually does.
    storage: account === "owner" && params.get("storage") ? createStorage({ storage: localStorage }) : null,
  });
  syncLatchToWagmi(config, kit);
  return config;
}
const configs = { owner: wagmiFor("owner"), LightAccount: wagmiFor("LightAccount") };

const BURN = "0x000000000000000000000000000000000000dEaD";

function Account({ name }: { name: keyof typeof configs }) {
  const config = configs[name];
  const [out, setOut] = useState<Record<string, string>>({});
  const run = (key: string, action: () => Promise<string>) => () =>
    action().then(
      (value) => setOut((o) => ({ ...o, [key]: value })),
      (error: Error) => setOut((o) => ({ ...o, error: error.message })),
    );
  return (
    <section aria-label={name}>
      <button type="button" onClick={run("address", async () => config.state.connections.get(config.state.current!)?.accounts[0] ?? "none")}>
        Address {name}
      </button>
      <button type="button" onClick={run("signature", () => signMessage(config, { message: `hello ${name}` }))}>
        Sign {name}
      </button>
      <button type="button" onClick={run("tx", () => sendTransaction(config, { to: BURN, data: "0x1234", value: 1n }))}>
        Send {name}
      </button>
      <button type="button" onClick={run("wagmi", async () => getAccount(config).status)}>
        wagmi status {name}
      </button>
      <button type="button" onClick={run("wagmi", () => disconnect(config).then(() => getAccount(config).status))}>
        Disconnect {name}
      </button>
      <button type="button" onClick={run("wagmi", () => connect(config, { connector: config.connectors[0]! }).then(() => getAccount(config).status))}>
        Connect {name}
      </button>
      {Object.entries(out).map(([key, value]) => (
        <p key={key} data-testid={`${name}-${key}`}>
          {value}
        </p>
      ))}
    </section>
  );
}

function App() {
  const { openAuthModal } = useAuthModal();
  const { status } = useSignerStatus();
  return (
    <main>
      <h1>wagmi page</h1>
      <p data-testid="status">{status}</p>
      <button type="button" onClick={openAuthModal}>
        Sign in
      </button>
      {status === "CONNECTED" && (
        <>
          <Account name="owner" />
          <Account name="LightAccount" />
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
