// The wagmi connector type of latch-kit/wagmi's connector (the signed-in Latch user as a wagmi account).
// The evm plugin, sharing the app's wagmi config, must not take it for an external wallet.
/** The wagmi connector type of `latchConnector` (the embedded Latch user as a wagmi account). */
export const LATCH_CONNECTOR_TYPE = "latch";
