// The wallet tests' app page: the external_wallets section with the evm plugin (and the
// walletconnect plugin when a relay is given), plus buttons that sign, switch and send.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { defineChain } from "viem";
import { createKit, type LatchPlugin } from "latch-kit";
import { LatchProvider, useAuthModal, useLogout, useSignMessage, useSignTypedData, useUser } from "latch-kit/react";
import { evm, useChainSwitch, useSendTransaction, useWalletConnection } from "latch-kit/plugins/evm";
import { walletConnect } from "latch-kit/plugins/walletconnect";

const params = new URLSearchParams(location.search);
const rpcUrl = params.get("rpc") ?? "http://127.0.0.1:8545";
const native = { name: "Ether", symbol: "ETH", decimals: 18 };
// The local node, and a chain the test wallet does not know (the 4902 path).
const local = defineChain({ id: Number(params.get("chainId") ?? 31337), name: "Latch Local", nativeCurrency: native, rpcUrls: { default: { http: [rpcUrl] } } });
const unknown = defineChain({ id: 4242, name: "Latch Test Chain", nativeCurrency: native, rpcUrls: { default: { http: [rpcUrl] } } });

const plugins: LatchPlugin[] = [evm({ chains: [local, unknown] })];
const relayUrl = params.get("relay");
if (params.has("wc")) plugins.push(walletConnect(params.get("projectId") ? { projectId: params.get("projectId")!, ...(relayUrl ? { relayUrl } : {}) } : {}));

const kit = createKit({
  plugins,
  ui: {
    theme: "light",
    auth: {
      sections: [[{ type: "external_wallets", wallets: (params.get("wallets") ?? "Latch Test Wallet").split(",").filter(Boolean) }]],
    },
  },
});

const typedData = {
  domain: { name: "Latch", version: "1", chainId: local.id },
  types: { Mail: [{ name: "contents", type: "string" }, { name: "amount", type: "uint256" }] },
  primaryType: "Mail",
  message: { contents: "hello", amount: 42n },
} as const;

function App() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const connection = useWalletConnection();
  const { signMessageAsync, signedMessage } = useSignMessage();
  const { signTypedDataAsync, signedTypedData } = useSignTypedData();
  const { switchChainAsync } = useChainSwitch();
  const { sendTransactionAsync, hash } = useSendTransaction();
  const { logout } = useLogout();
  const [error, setError] = useState("");
  const report = (p: Promise<unknown>) =>
    p.then(
      () => setError(""),
      (e: Error) => setError(`${e.name}: ${e.message}`),
    );
  return (
    <main style={{ padding: 24 }}>
      <h1>Wallets test page</h1>
      <button type="button" onClick={openAuthModal}>
        Open sign-in
      </button>
      <p data-testid="user">{user ? `${user.type} ${user.address} ${user.orgId} ${user.userId}` : "none"}</p>
      <p data-testid="connection">{`${connection.status} ${connection.chainId ?? ""}`}</p>
      <button type="button" onClick={() => report(signMessageAsync({ message: "Sign in to Latch" }))}>
        Sign message
      </button>
      <p data-testid="signature">{signedMessage ?? ""}</p>
      <button type="button" onClick={() => report(signTypedDataAsync(typedData))}>
        Sign typed data
      </button>
      <p data-testid="typed-signature">{signedTypedData ?? ""}</p>
      <button type="button" onClick={() => report(switchChainAsync({ chainId: unknown.id }))}>
        Switch to the test chain
      </button>
      <button type="button" onClick={() => report(switchChainAsync({ chainId: local.id }))}>
        Switch to the local chain
      </button>
      <button type="button" onClick={() => report(sendTransactionAsync({ to: "0x000000000000000000000000000000000000dEaD", value: 1000n }))}>
        Send transaction
      </button>
      <p data-testid="tx-hash">{hash ?? ""}</p>
      <button type="button" onClick={logout}>
        Log out
      </button>
      <p data-testid="error">{error}</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
(window as unknown as { __kit: typeof kit }).__kit = kit;
