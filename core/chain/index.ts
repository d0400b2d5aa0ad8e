// core/chain: framework-free smart-account clients on viem's account-abstraction module (browser-safe).

export type { Owner } from "./owner";
export { ownerFromAccount } from "./owner";

export {
  BUNDLER_RPC_URL_KEY,
  LOCAL_CHAIN_IDS,
  PAYMASTER_RPC_URL_KEY,
  PROVIDER_RPC_URL_KEY,
  bundlerRpcUrl,
  paymasterRpcUrl,
  providerRpcUrl,
} from "./chains";
export {
  DEVNET_CHAIN_ID,
  DEVNET_DEFAULT_PORTS,
  DEVNET_FACTORY_ADDRESSES,
  DEVNET_POLICY_ID,
  DEVNET_RETRY_SETTINGS,
  devnetChain,
  type DevnetChainOptions,
  type DevnetFactoryAddresses,
} from "./devnet";

export {
  ChainConfigError,
  ChainNotSuppliedError,
  DuplicateTransportMethodError,
  ProviderRpcUrlError,
  UnknownAccountFactoryError,
  UserOperationNotFoundError,
} from "./errors";

// Accounts
export { ACCOUNT_TYPES, type AccountType, type LatchAccountExtension, type LatchSmartAccount } from "./accounts/types";
export {
  lightAccountAbi,
  lightAccountFactoryAbi,
  modularAccountAbi,
  modularAccountV2FactoryAbi,
  multiOwnerAbi,
  multiOwnerLightAccountFactoryAbi,
  multiOwnerModularAccountFactoryAbi,
} from "./accounts/abis";
export { CANONICAL_FACTORY_ADDRESSES, FACTORY_CONTRACT_KEYS, resolveFactoryAddress } from "./accounts/factories";
export {
  MODULAR_OWNER_VALIDATION,
  SIGNATURE_SCHEMES,
  SIGNATURE_TYPE_EOA,
  STUB_ECDSA_SIGNATURE,
  type SignatureScheme,
} from "./accounts/signatures";
export { type AccountClient, type Call, sortOwners } from "./accounts/toLatchAccount";
export { type ToLightAccountParameters, toLightAccount } from "./accounts/toLightAccount";
export { type ToMultiOwnerLightAccountParameters, toMultiOwnerLightAccount } from "./accounts/toMultiOwnerLightAccount";
export { type ToModularAccountV2Parameters, toModularAccountV2 } from "./accounts/toModularAccountV2";
export {
  type ToMultiOwnerModularAccountParameters,
  toMultiOwnerModularAccount,
} from "./accounts/toMultiOwnerModularAccount";
export { type AccountParams, toSmartAccountOfType } from "./accounts/toSmartAccountOfType";

// Transport
export { type ConnectionConfig, CONNECTION_CREDENTIAL_REQUIRED, validateConnectionConfig } from "./transport/connection";
export { BUNDLER_METHODS, PAYMASTER_METHODS, WALLET_METHODS } from "./transport/methods";
export { type SplitRoute, type SplitTransportConfig, split } from "./transport/split";
export { CHAIN_AGNOSTIC_RETRY, type ChainAgnosticTransportConfig, chainAgnostic } from "./transport/chainAgnostic";
export {
  type LatchTransportConfig,
  createProviderTransport,
  latchTransport,
  providerHeaders,
} from "./transport/latchTransport";

// Fees, retries, sponsorship
export {
  FEE_OPTION_FIELDS,
  type FeeOption,
  type FeeOptionField,
  type FeeOptions,
  applyFeeOption,
  applyFeeOptions,
  validateFeeOptions,
} from "./fees/feeOptions";
export { type RetrySettings, resolveRetrySettings, retryDelays } from "./fees/retry";
export { type UserOperationFees, estimateUserOperationFees } from "./fees/estimateFees";
export {
  type BigNumberish,
  HEX_STRING_MESSAGE,
  MULTIPLIER_PRECISION_MESSAGE,
  NON_NEGATIVE_MESSAGE,
} from "./fees/values";
export {
  type PolicyToken,
  type SponsorshipContext,
  type SponsorshipPolicy,
  sponsorshipContext,
  validateSponsorshipPolicy,
} from "./sponsorship";

// Client and actions
export { type SmartAccountClient, type SmartAccountClientConfig, createSmartAccountClient } from "./client";
export {
  type PrepareUserOperationParameters,
  type PrepareUserOperationReturnType,
  prepareUserOperation,
} from "./actions/prepareUserOperation";
export {
  type SendUserOperationParameters,
  type SendUserOperationReturnType,
  sendPreparedUserOperation,
  sendUserOperation,
} from "./actions/sendUserOperation";
export {
  type WaitForUserOperationReceiptParameters,
  type WaitForUserOperationReceiptReturnType,
  waitForUserOperationReceipt,
} from "./actions/waitForUserOperationReceipt";
export {
  type WaitForUserOperationTransactionParameters,
  type WaitForUserOperationTransactionReturnType,
  waitForUserOperationTransaction,
} from "./actions/waitForUserOperationTransaction";
export {
  type DropAndReplaceUserOperationParameters,
  type DropAndReplaceUserOperationReturnType,
  REPLACEMENT_FEE_BUMP_PERCENT,
  bumpFee,
  dropAndReplaceUserOperation,
} from "./actions/dropAndReplaceUserOperation";
export { type UpdateOwnersParameters, type UpdateOwnersReturnType, updateOwners } from "./actions/updateOwners";
export { type SignMessageParameters, type SignMessageReturnType, signMessage } from "./actions/signMessage";
export { type SignTypedDataParameters, type SignTypedDataReturnType, signTypedData } from "./actions/signTypedData";
