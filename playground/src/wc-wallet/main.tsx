// The dev WalletConnect wallet page (wc-wallet.html): one WalletKit for the page, started before React.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { enableWalletConnectOffline } from "../walletconnect-offline";
import { startDevWalletKit } from "./wallet-kit";
import { WcWalletApp } from "./WcWalletApp";

enableWalletConnectOffline();
const relayUrl = __WALLETCONNECT_RELAY_URL__;
const root = createRoot(document.getElementById("root")!);
startDevWalletKit(relayUrl).then(
  (kit) =>
    root.render(
      <StrictMode>
        <WcWalletApp kit={kit} relayUrl={relayUrl} rpcUrl={__DEVNET_RPC_URL__} />
      </StrictMode>,
    ),
  (error: unknown) => root.render(<p role="alert">The dev wallet could not reach the WalletConnect relay at {relayUrl}: {String(error)}. Is npm start running?</p>),
);
