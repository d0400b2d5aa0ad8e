import type { Kit } from "../kit-types";
import { EmbeddedSigner } from "./signer";
import { AccountChanges } from "./account";

const SIGNER = Symbol.for("latch.EmbeddedSigner");
const ACCOUNT = Symbol.for("latch.AccountChanges");

/** The kit's embedded signer, created on first use and registered in the kit's container. */
export function getEmbeddedSigner(kit: Kit): EmbeddedSigner {
  if (!kit.container.isRegistered(SIGNER, false)) {
    kit.container.register(SIGNER, { useValue: new EmbeddedSigner(kit) });
  }
  return kit.container.resolve<EmbeddedSigner>(SIGNER);
}

/** Email and phone changes for the kit's signed-in user. */
export function getAccountChanges(kit: Kit): AccountChanges {
  if (!kit.container.isRegistered(ACCOUNT, false)) {
    kit.container.register(ACCOUNT, { useValue: new AccountChanges(getEmbeddedSigner(kit)) });
  }
  return kit.container.resolve<AccountChanges>(ACCOUNT);
}

export { AccountChanges, type ContactType } from "./account";
export { exportWallet, type ExportParams } from "./export";
export { MultiOwnerClient, memberStamper, MEMBER_STAMP_SCHEME, type MultiOwnerMember, type MultiOwnerOrganization } from "./multi-owner";
export { EmbeddedSigner, UnsupportedMfaFactorError } from "./signer";
export type { SignerState, MultiFactorCode, OtpSubmitResult } from "./signer";
export { SignerClient, toSignerError, type SignerClientOptions } from "./client";
export { ConnectionTimeoutError, isTimeoutError, withinLimits, type CallLimits } from "./transport";
export { createPasskeyCredential, isWebauthnSupported, PasskeyCancelledError, WebauthnUnsupportedError, type PasskeyAttestation } from "./passkey";
export { ActivityTimeoutError, KeyManagementClient, type Activity, type KeyManagementLimits } from "./key-management";
export type { AuthMethods, OauthAuthProvider } from "./routes";
export type { SignerRoutes, SignerRoute, RouteRequest, RouteResponse, StampedRequest, EmailMode } from "./routes";
export { SessionManager, type Session, type SessionType, type TemporarySession } from "./session";
export { cookieStorage, resolveStorage, type SessionStorageLike, type StorageOption } from "./storage";
export { FrameStamper, FrameTimeoutError, type FrameStamperOptions } from "./frame-stamper";
export type { Stamper, Stamp } from "./stamper";
export { resolveSignerConfig, toEmailMode, type SignerConfig, type ResolvedSignerConfig } from "./config";
