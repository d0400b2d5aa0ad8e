// Each key-management operation's stamped body (`POST /public/v1/{query|submit}/<op>`): operation →
// schema, beside its answer's contract (wire/operations.ts). The server validates every body with
// these (the engine's operations and the methods' own: passkey management, contact codes); the
// kit's key-management client takes the plain body types of wire/operation-types.ts
// (`OperationBody<op>`), held equal to these by test/types/wire-types.test-d.ts, so the two cannot
// drift. sign_raw_payload's server check narrows this schema further (a NO_OP payload is a
// 32-byte hash).
import { type } from "arktype";
import * as s from "./schemas";
import { requests } from "./requests";

/** API keys one create_api_keys may register. */
export const MAX_API_KEYS_PER_REQUEST = 10;
/** Valid API keys an organisation may hold at once, its sessions' keys included. */
export const MAX_API_KEYS_PER_ORGANIZATION = 100;
/** Accounts one import_wallet or create_wallet_accounts may derive. */
export const MAX_ACCOUNTS_PER_REQUEST = 20;

const timestampMs = "string | number";

/** An account to add to a wallet; without a path, the wallet's next one of that kind. */
const newAccountSpec = type({ curve: "0 < string <= 64", pathFormat: "0 < string <= 64", "path?": "0 < string <= 128", addressFormat: "0 < string <= 64" });
const accountSpec = newAccountSpec.and({ path: "0 < string <= 128" });

export const operationRequests = {
  "query/whoami": type({ organizationId: s.uuid, "timestampMs?": timestampMs }),
  "query/get_activity": type({ organizationId: s.uuid, activityId: s.uuid, "timestampMs?": timestampMs }),
  "query/list_wallets": type({ organizationId: s.uuid, "timestampMs?": timestampMs }),
  "query/list_wallet_accounts": type({ organizationId: s.uuid, walletId: s.uuid, "timestampMs?": timestampMs, "paginationOptions?": "object" }),
  "query/list_users": type({ organizationId: s.uuid, "timestampMs?": timestampMs, "paginationOptions?": "object" }),
  "query/get_user": type({ organizationId: s.uuid, userId: s.uuid, "timestampMs?": timestampMs }),
  "query/list_authenticators": type({ organizationId: s.uuid, "userId?": s.uuid, "timestampMs?": timestampMs }),
  "query/get_authenticators": type({ organizationId: s.uuid, "userId?": s.uuid, "timestampMs?": timestampMs }),
  "submit/export_wallet": type({
    type: "'ACTIVITY_TYPE_EXPORT_WALLET'",
    timestampMs,
    organizationId: s.uuid,
    parameters: { walletId: s.uuid, targetPublicKey: s.targetPublicKey, "language?": "'MNEMONIC_LANGUAGE_ENGLISH'" },
  }),
  "submit/export_wallet_account": type({
    type: "'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT'",
    timestampMs,
    organizationId: s.uuid,
    parameters: { address: "string", targetPublicKey: s.targetPublicKey },
  }),
  "submit/sign_raw_payload": s.rawPayloadBody,
  "submit/init_import_wallet": type({ type: "'ACTIVITY_TYPE_INIT_IMPORT_WALLET'", timestampMs, organizationId: s.uuid, parameters: { userId: s.uuid } }),
  "submit/import_wallet": type({
    type: "'ACTIVITY_TYPE_IMPORT_WALLET'",
    timestampMs,
    organizationId: s.uuid,
    parameters: {
      userId: s.uuid,
      walletName: "0 < string <= 256",
      encryptedBundle: "0 < string <= 8192",
      accounts: accountSpec.array().atLeastLength(1).atMostLength(MAX_ACCOUNTS_PER_REQUEST),
    },
  }),
  "submit/create_wallet_accounts": type({
    type: "'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS'",
    timestampMs,
    organizationId: s.uuid,
    parameters: { walletId: s.uuid, accounts: newAccountSpec.array().atLeastLength(1).atMostLength(MAX_ACCOUNTS_PER_REQUEST) },
  }),
  "submit/create_api_keys": type({
    type: "'ACTIVITY_TYPE_CREATE_API_KEYS_V2'",
    timestampMs,
    organizationId: s.uuid,
    parameters: {
      userId: s.uuid,
      apiKeys: type({
        apiKeyName: "0 < string <= 256",
        publicKey: s.apiPublicKey,
        curveType: "'API_KEY_CURVE_P256'",
        // Unlike the key-management provider, no key lives forever here: at most a session's 30 days, the default too.
        "expirationSeconds?": s.expirationSeconds,
      })
        .array()
        .atLeastLength(1)
        .atMostLength(MAX_API_KEYS_PER_REQUEST),
    },
  }),
  "submit/delete_api_keys": type({
    type: "'ACTIVITY_TYPE_DELETE_API_KEYS'",
    timestampMs,
    organizationId: s.uuid,
    parameters: { userId: s.uuid, apiKeyIds: s.uuid.array().atLeastLength(1).atMostLength(MAX_API_KEYS_PER_ORGANIZATION) },
  }),
  "submit/create_authenticators": type({
    type: "'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2'",
    timestampMs,
    organizationId: s.uuid,
    parameters: {
      userId: s.uuid,
      authenticators: type({ authenticatorName: "0 < string <= 256", challenge: "string > 0", "authenticatorUserId?": /^[A-Za-z0-9_-]+$/, attestation: s.attestation }).array().atLeastLength(1),
    },
  }),
  /** Renames one of the user's passkeys (ours: the hosted API has no such activity; names people recognise can then be changed). */
  "submit/update_authenticator_name": type({
    type: "'ACTIVITY_TYPE_UPDATE_AUTHENTICATOR_NAME'",
    timestampMs,
    organizationId: s.uuid,
    parameters: { userId: s.uuid, authenticatorId: s.uuid, authenticatorName: "0 < string <= 256" },
  }),
  "submit/delete_authenticators": type({
    type: "'ACTIVITY_TYPE_DELETE_AUTHENTICATORS'",
    timestampMs,
    organizationId: s.uuid,
    parameters: { userId: s.uuid, authenticatorIds: s.uuid.array().atLeastLength(1) },
  }),
  /** A contact code as an activity (the signer route `init-otp`'s body as its parameters). */
  "submit/init_otp": type({ type: "'ACTIVITY_TYPE_INIT_OTP' | 'ACTIVITY_TYPE_INIT_OTP_V2'", timestampMs, organizationId: s.uuid, parameters: requests["init-otp"] }),
  "submit/verify_otp": type({ type: "'ACTIVITY_TYPE_VERIFY_OTP'", timestampMs, organizationId: s.uuid, parameters: requests["verify-otp"] }),
};

export type OperationRequests = typeof operationRequests;
