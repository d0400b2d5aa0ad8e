// The local WalletConnect relay (development only, 127.0.0.1): `npm run walletconnect-relay`, started by `npm start`.
export { DEFAULT_WALLETCONNECT_RELAY_PORT, startWalletConnectRelay, type RunningWalletConnectRelay, type WalletConnectRelayOptions } from "./relay";
