// latch-kit/wagmi: the signed-in Latch user as a wagmi account (EIP-1193 connector), kept in step
// with the Latch session.
export { latchConnector, LATCH_CONNECTOR_TYPE, type LatchConnectorOptions, type LatchProvider } from "./connector";
export { syncLatchToWagmi } from "./sync";
export type { LatchWagmiAccount } from "./accounts";
