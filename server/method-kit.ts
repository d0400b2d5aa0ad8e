// What the server lends to sign-in methods' server parts (plugins/<m>/server, lib/<x>/server, a
// test's fixture method): one entry, so a method never reaches into the engine's files. Everything
// here takes the instance's context; nothing holds state of its own.
export type { ServerContext } from "./context";
export type { ActivityRecorder, BodyHandler, ExpiringRows, KeyOperation, LinkedProvider, MethodRoute, ServerMethod, ServerPart } from "./method";
export type { MethodMigration } from "./db/migrate";
export { get, keyOperation, post } from "./method";
export type { Schema, SchemaInput, SchemaIssue, SchemaOutput } from "./standardSchema";
export type { Sql } from "./db/sql";
export type { MethodSecrets } from "./crypto/secrets";
export { ApiError, badRequest, conflict, forbidden, isApiError, notFound, unauthorized } from "./errors";
export { readBody, readJson, validate, validateAsync } from "./validate";
export * as schemas from "./schemas";
// A method's own routes declare their contract (`ServerPart.contract`) with the wire's error groups.
export type { RouteContract, RouteContracts } from "../wire/contract";
export { CODE_ERRORS, DELIVERY_ERRORS, FACTOR_ERRORS, JWT_ERRORS, STAMP_ERRORS, TRANSPORT_ERRORS } from "../wire/errors";
export { clientAddress, requester, requestOrigin } from "./middleware/client";
export { originOf } from "./origins";
export { prepareAccount, requireUser, saveAccount, type Contact } from "./services/accounts";
export { findUserByContact, findUserByOrg, type SignerRow, type UserRow } from "./store/users";
export { openSession, prepareSession, registerSession } from "./services/sessions";
export { redeemCode, sendCode } from "./services/codes";
export { deliver } from "./services/delivery";
export { checkFactorCode, checkFactorCodes, isTotp, listFactors, mfaRequired, openPendingSignIn, payloadHash, sealPendingSignIn } from "./services/mfa";
export { verifyStampedRequest, verifyStampedRequestWithStamp, type StampedBody, type StampedRequest, type StampedRequestOptions } from "./services/stamps/verify";
export { lockUser, requireSignInMethodLeft } from "./services/signInMethods";
export { recordFreshProof, requireFreshProof } from "./services/stepUp";
export type { VerifiedStamp } from "./services/stamps/scheme";
export { signVerificationToken } from "./crypto/verificationToken";
export { claimOnce } from "./store/usedTokens";
export { authenticatorJson, ceremonyOrigin } from "./services/passkeys";
export { deleteAuthenticators, insertAuthenticator, listAuthenticators, renameAuthenticator } from "./store/authenticators";
export { wireTimestamp } from "./services/wireTimestamp";
export { bytesToHex, hexToBytes, utf8 } from "./crypto/encoding";
export { newTotpSecret, totpUrl } from "./crypto/totp";
export { deleteFactors, deleteUnverifiedFactors, insertFactor } from "./store/factors";
export { verifyJwt, type VerifiedClaims } from "./services/jwt";
export { claimTokenOnce, requireNonceFor } from "./services/nonce";
export { displayNameOf, signInWithIdentity } from "./services/identity";
export { nonceOf } from "./services/nonce";
export { socialProvidersOf } from "./services/socialProviders";
export type { SocialProvider } from "./idp/socialProvider";
export { claimOauthRequest, insertOauthRequest } from "./store/oauthRequests";
export type { FactorSummary } from "./services/mfa";
export { deleteOauthProviders, findOauthProvider, insertOauthProvider, listOauthProviders, type OauthProviderRow } from "./store/oauthProviders";
export { errorPage, popupResultPage } from "./idp/pages";
