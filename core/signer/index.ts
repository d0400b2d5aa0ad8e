export { embeddedSignerService, getEmbeddedSigner } from "./service";
export { embeddedSignerPlugin } from "./plugin";
export { SIGN_IN_RETURN, SESSION_RESTORE, type SessionRestore, type RestoringSigner } from "./tokens";
export { STEP_UP_PROVER, proveStepUp, withStepUp, type StepUpEvidence, type StepUpProver } from "./step-up";
export { exportWallet, type ExportParams } from "./export";
export {
  MultiOwnerClient,
  memberStamper,
  multiOwnerCreationMessage,
  multiOwnerJoinMessage,
  MEMBER_STAMP_SCHEME,
  type MemberAccount,
  type MultiOwnerMember,
  type MultiOwnerOrganization,
} from "./multi-owner";
export { EmbeddedSigner, type SignerState } from "./signer";
export { SplitCustody } from "./split-custody";
export { DeviceShareMissingError, WrongRecoveryCodeError, RecoveryPasskeyError, CUSTODY_PROMPTS, type CustodyPrompts, type CustodyStatus, type RecoveryChoice } from "./custody-contract";
export { CUSTODY_TEXT } from "./custody-texts";
export { toUser } from "./user";
export { signRawPayloadRequest, signMessageWith, signTypedDataWith, utf8ToHex, type SignRawPayloadParameters } from "./wallet-signing";
export { pickTokens } from "./restore";
export { SignerClient, toSignerError, type SignerClientOptions } from "./client";
export { ConnectionTimeoutError, isTimeoutError, pause, withinLimits, type CallLimits } from "./transport";
export { ActivityTimeoutError, KeyManagementClient, type Activity, type ActivityName, type CompletedActivity, type KeyManagementLimits } from "./key-management";
export type { OperationName, OperationBody, OperationAnswer, ActivityOperation, ActivityResult } from "../../wire/operation-types";
export type { AuthMethods, OauthAuthProvider } from "../../wire/routes";
export type { SignerRoutes, SignerRoute, RouteRequest, RouteResponse, RouteError, RouteTypes, RouteContract, RouteContracts, ErrorBody, StampedRequest, EmailMode } from "../../wire/routes";
export { SessionManager, type Session, type SessionType, type SessionTypeRegistry, type TemporarySession } from "./session";
export {
  cookieStorage,
  cookieToInitialState,
  resolveStorage,
  type CookieStorageOptions,
  type LatchInitialState,
  type SessionStorageLike,
  type StorageOption,
} from "./storage";
export { FrameStamper, FrameTimeoutError, type FrameStamperOptions } from "./frame-stamper";
export type { Stamper, Stamp } from "./stamper";
export { resolveSignerConfig, type SignerConfig, type SignerMethodOptions, type ResolvedSignerConfig } from "./config";
