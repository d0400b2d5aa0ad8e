// An app with its own wagmi config, shared with the evm plugin (evm({ wagmiConfig })): the app's
// account (wagmi's getAccount / watchAccount, what wagmi's useAccount reads) and the Latch user side
// by side, with the app's own connect and disconnect buttons next to Latch's dialog.
import { useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { connect, createConfig, disconnect, getAccount, http, watchAccount } from "@wagmi/core";
import { defineChain } from "viem";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useLogout, useUser } from "latch-kit/react";
import { evm } from "latch-kit/plugins/evm";

const params = new URLSearchParams(location.search);
const rpcUrl = params.get("rpc")!;
const local = defineChain({ id: 31337, name: "Latch Local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });

const wagmiConfig = createConfig({ chains: [local], transports: { [local.id]: http(rpcUrl) } });
const kit = createKit({
  plugins: [evm({ wagmiConfig })],
  ui: { theme: "light", auth: { sections: [[{ type: "external_wallets", wallets: ["Latch Test Wallet"] }]] } },
});

const subscribe = (onChange: () => void) => watchAccount(wagmiConfig, { onChange });
const accountText = () => {
  const account = getAccount(wagmiConfig);
  return `${account.status} ${account.address ?? ""}`.trim();
};

function App() {
  const { openAuthModal } = useAuthModal();
  const { logout } = useLogout();
  const user = useUser();
  const account = useSyncExternalStore(subscribe, accountText, accountText);
  const testWallet = () => wagmiConfig.connectors.find((c) => c.name === "Latch Test Wallet")!;
  return (
    <main>
      <h1>wagmi wallet page</h1>
      <p data-testid="wagmi-account">{account}</p>
      <p data-testid="user">{user ? `${user.type} ${user.address}` : "none"}</p>
      <button type="button" onClick={openAuthModal}>
        Open sign-in
      </button>
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
      <button type="button" onClick={() => void connect(wagmiConfig, { connector: testWallet() })}>
        Connect with wagmi
      </button>
      <button type="button" onClick={() => void disconnect(wagmiConfig)}>
        Disconnect with wagmi
      </button>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
