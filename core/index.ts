export { createKit } from "./kit";
export type { Kit, KitEventRegistry } from "./kit-types";
export {
  definePlugin,
  defineStep,
  defineSection,
  defineAuthenticator,
  defineListener,
  type LatchPlugin,
  type View,
  type SectionConfig,
  type SectionDefinition,
  type SectionProps,
  type StepDefinition,
  type StepProps,
  type BackTransition,
  type AuthenticatePayload,
  type AuthenticatePayloadRegistry,
  type AuthenticateType,
  type AuthenticatorDefinition,
  type ListenerDefinition,
  type AccountSignerDefinition,
} from "./plugin";
export { accountSignerFor } from "./actions/accountSigner";
export { abortOnLeavingStep, isAbortError, untilAborted, type AbortOptions } from "./abort";
export { ERROR_TEXTS, errorTextKey, readableErrorText, type ErrorTextKey } from "./error-text";
export type { AuthStep, AuthStepOf, AuthStepRegistry, AuthStepType } from "./steps";
export type { KitConfig, ResolvedKitConfig, UiConfig, UiAuthConfig, ResolvedUiConfig } from "./config";
export { resolveKitConfig } from "./config";
export type { KitAtoms, KitStore, StringTables } from "./store";
export { token, Container, type Token, type Factory } from "./container";
export { TOKENS, defineService, type Service } from "./services";
export { Emitter, type Listener } from "./events";
export * from "./errors";
export * from "./constants";
export type * from "./types";
export * from "./signer/index";
export { signMessage, type SignMessageParameters, type SignMessageReturnType } from "./actions/signMessage";
export {
  createAccount,
  ACCOUNT_CREATOR,
  type AccountCreator,
  type AccountCreationRegistry,
  type AccountCreationType,
  type CreateAccountParameters,
} from "./actions/createAccount";
export { signTypedData, type SignTypedDataParameters, type SignTypedDataReturnType } from "./actions/signTypedData";
export { createApiKey, type CreateApiKeyParameters, type CreateApiKeyReturnType } from "./actions/createApiKey";
export { deleteApiKeys, type DeleteApiKeysParameters, type DeleteApiKeysReturnType } from "./actions/deleteApiKeys";
export { listUsers, type KeyManagementUser } from "./actions/listUsers";
export { listWalletAccounts, type WalletAccount } from "./actions/listWalletAccounts";
export { listWallets, type Wallet } from "./actions/listWallets";
export {
  importWallet,
  DEFAULT_IMPORT_ACCOUNTS,
  type ImportWalletParameters,
  type ImportWalletReturnType,
  type WalletAccountParams,
} from "./actions/importWallet";
export { createWalletAccounts, type CreateWalletAccountsParameters } from "./actions/createWalletAccounts";
export { WALLET_IMPORT_TEXTS } from "./actions/walletImportTexts";
export { toQrDataUrl, resolveQrOptions, assertHexColor, type QrOptions } from "./qr";
