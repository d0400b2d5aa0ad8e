// Which JSON-RPC methods go where.

/** User-operation methods: served by the bundler. */
export const BUNDLER_METHODS = [
  "eth_sendUserOperation",
  "eth_estimateUserOperationGas",
  "eth_getUserOperationReceipt",
  "eth_getUserOperationByHash",
  "eth_supportedEntryPoints",
  "rundler_maxPriorityFeePerGas",
] as const;

/** Paymaster methods (`alchemy_requestGasAndPaymasterAndData` is provider-specific). */
export const PAYMASTER_METHODS = [
  "pm_getPaymasterData",
  "pm_getPaymasterStubData",
  "alchemy_requestGasAndPaymasterAndData",
] as const;

/** Chain-agnostic wallet methods: the chain-agnostic URL first, the node URL as fallback. */
export const WALLET_METHODS = [
  "wallet_prepareCalls",
  "wallet_sendPreparedCalls",
  "wallet_requestAccount",
  "wallet_createAccount",
  "wallet_listAccounts",
  "wallet_createSession",
  "wallet_getCallsStatus",
  "wallet_requestQuote_v0",
] as const;
