// The key-management operations' answers (`POST /public/v1/{query|submit}/<op>`): operation →
// response schema and the error codes it may answer, as wire/responses.ts does for the signer
// routes; each operation's body is beside it (wire/operation-requests.ts). Every operation the
// server implements is here — the engine's (whoami, activities, wallets and their accounts, wallet
// import and export, raw-payload signing, users, API keys) and the methods' (passkey management,
// contact codes) — and a server test holds the two lists equal. The server checks these answers as
// it checks the routes' (server/answers.ts); the kit's key-management client takes its types from
// here (`OperationAnswer<op>`, `ActivityResult<op>`), arktype left out of its bundles.
import { type, type Type } from "arktype";
import { CODE_ERRORS, DELIVERY_ERRORS, STAMP_ERRORS, TRANSPORT_ERRORS } from "./errors";
import type { RouteContracts } from "./contract";
import type { OperationRequests } from "./operation-requests";

/** A time as key-management answers show it: seconds and nanoseconds, as strings. */
const wireTimestamp = type({ seconds: /^\d+$/, nanos: /^\d+$/ });

/** An activity as the wire shows it: its result is `Result` once completed, empty while pending. */
type ActivityAnswer<Result> = {
  activity: { id: string; organizationId: string; type: string; status: string; result: Result | Record<string, never>; createdAt: WireTimestamp; updatedAt: WireTimestamp };
};
type WireTimestamp = typeof wireTimestamp.infer;

/** An activity whose result, once completed, is `result`; a pending one has an empty result. (arktype cannot infer through a generic, so the type is named here.) */
const activityAnswer = <Result extends object>(result: Type<Result>): Type<ActivityAnswer<Result>> =>
  type({
    activity: {
      id: "string",
      organizationId: "string",
      type: /^ACTIVITY_TYPE_[A-Z0-9_]+$/,
      status: /^ACTIVITY_STATUS_[A-Z_]+$/,
      // `{}` in a union would absorb the result's shape (every object is one); "no keys" is Record<string, never>.
      result: (result as Type<object>).or("Record<string, never>"),
      createdAt: wireTimestamp,
      updatedAt: wireTimestamp,
    },
  }) as unknown as Type<ActivityAnswer<Result>>;

const authenticator = type({
  authenticatorId: "string",
  authenticatorName: "string",
  credentialId: "string",
  transports: "string[]",
  attestationType: "string",
  createdAt: wireTimestamp,
  updatedAt: wireTimestamp,
});

/** Codes every operation may answer: the request could not be read or its stamp was refused, or it names another user. */
const OPERATION_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "MISSING_STAMP", "UNSUPPORTED_OPERATION", "USER_NOT_IN_ORGANIZATION"] as const;
const authenticatorIds = { authenticatorIds: "string[]" } as const;
const addresses = { addresses: "string[]" } as const;

const wallet = type({ walletId: "string", walletName: "string", exported: "boolean", imported: "boolean" });

const walletAccount = type({
  walletAccountId: "string",
  organizationId: "string",
  walletId: "string",
  curve: "string",
  pathFormat: "string",
  path: "string",
  addressFormat: "string",
  address: "string",
});

/** A user as list_users and get_user show one: contacts, passkeys, valid API keys, linked providers. */
const user = type({
  userId: "string",
  userName: "string",
  "userEmail?": "string",
  "userPhoneNumber?": "string",
  authenticators: authenticator.array(),
  apiKeys: type({
    apiKeyId: "string",
    apiKeyName: "string",
    credential: { publicKey: "string", type: "string" },
    expirationSeconds: /^\d+$/,
    createdAt: wireTimestamp,
    updatedAt: wireTimestamp,
  }).array(),
  oauthProviders: type({ providerId: "string", providerName: "string", issuer: "string", subject: "string" }).array(),
  userTags: "string[]",
});

/** An account spec refused (an unknown format, a bad path) or one the user's wallets hold already. */
const ACCOUNT_ERRORS = ["INVALID_WALLET_ACCOUNT", "WALLET_ACCOUNT_EXISTS"] as const;

export const operations = {
  "query/whoami": {
    response: type({ organizationId: "string", organizationName: "string", userId: "string", username: "string" }),
    errors: OPERATION_ERRORS,
  },
  "query/get_activity": {
    response: activityAnswer(type("Record<string, unknown>")),
    errors: [...OPERATION_ERRORS, "ACTIVITY_NOT_FOUND"],
  },
  "submit/export_wallet": {
    response: activityAnswer(type({ exportWalletResult: { walletId: "string", exportBundle: "string" } })),
    errors: [...OPERATION_ERRORS, "WALLET_NOT_FOUND"],
  },
  "submit/export_wallet_account": {
    response: activityAnswer(type({ exportWalletAccountResult: { address: "string", exportBundle: "string" } })),
    errors: [...OPERATION_ERRORS, "WALLET_ACCOUNT_NOT_FOUND"],
  },
  "submit/sign_raw_payload": {
    response: activityAnswer(type({ signRawPayloadResult: { r: /^[0-9a-f]{64}$/, s: /^[0-9a-f]{64}$/, v: /^[0-9a-f]{2}$/ } })),
    errors: [...OPERATION_ERRORS, "SIGN_WITH_NOT_OWNED"],
  },
  "query/list_wallets": { response: type({ wallets: wallet.array() }), errors: OPERATION_ERRORS },
  "query/list_wallet_accounts": { response: type({ accounts: walletAccount.array() }), errors: [...OPERATION_ERRORS, "WALLET_NOT_FOUND"] },
  "query/list_users": { response: type({ users: user.array() }), errors: OPERATION_ERRORS },
  "query/get_user": { response: type({ user }), errors: OPERATION_ERRORS },
  "submit/init_import_wallet": {
    response: activityAnswer(type({ initImportWalletResult: { importBundle: "string" } })),
    errors: [...OPERATION_ERRORS, "TOO_MANY_IMPORT_BUNDLES"],
  },
  "submit/import_wallet": {
    response: activityAnswer(type({ importWalletResult: { walletId: "string", ...addresses } })),
    errors: [
      ...OPERATION_ERRORS,
      ...ACCOUNT_ERRORS,
      "INVALID_ENCRYPTED_BUNDLE",
      "UNKNOWN_IMPORT_BUNDLE",
      "IMPORT_BUNDLE_NOT_YOURS",
      "IMPORT_BUNDLE_USED",
      "IMPORT_BUNDLE_EXPIRED",
      "INVALID_MNEMONIC",
    ],
  },
  "submit/create_wallet_accounts": {
    response: activityAnswer(type({ createWalletAccountsResult: addresses })),
    errors: [...OPERATION_ERRORS, ...ACCOUNT_ERRORS, "WALLET_NOT_FOUND"],
  },
  "submit/create_api_keys": {
    response: activityAnswer(type({ createApiKeysResult: { apiKeyIds: "string[]" } })),
    errors: [...OPERATION_ERRORS, "DUPLICATE_API_KEY", "TOO_MANY_API_KEYS", "API_KEY_EXISTS"],
  },
  "submit/delete_api_keys": {
    response: activityAnswer(type({ deleteApiKeysResult: { apiKeyIds: "string[]" } })),
    errors: [...OPERATION_ERRORS, "API_KEY_NOT_FOUND"],
  },
  "submit/init_otp": { response: activityAnswer(type({ initOtpResult: { otpId: "string" } })), errors: [...OPERATION_ERRORS, ...DELIVERY_ERRORS] },
  "submit/verify_otp": { response: activityAnswer(type({ verifyOtpResult: { verificationToken: "string" } })), errors: [...OPERATION_ERRORS, ...CODE_ERRORS] },
  "query/list_authenticators": { response: type({ authenticators: authenticator.array() }), errors: OPERATION_ERRORS },
  "query/get_authenticators": { response: type({ authenticators: authenticator.array() }), errors: OPERATION_ERRORS },
  "submit/create_authenticators": {
    response: activityAnswer(type({ createAuthenticatorsResult: authenticatorIds })),
    errors: [...OPERATION_ERRORS, "INVALID_PASSKEY", "PASSKEY_EXISTS", "PASSKEY_ORIGIN_REFUSED"],
  },
  "submit/update_authenticator_name": {
    response: activityAnswer(type({ updateAuthenticatorNameResult: { authenticatorId: "string" } })),
    errors: [...OPERATION_ERRORS, "AUTHENTICATOR_NOT_FOUND"],
  },
  "submit/delete_authenticators": {
    response: activityAnswer(type({ deleteAuthenticatorsResult: authenticatorIds })),
    errors: [...OPERATION_ERRORS, "AUTHENTICATOR_NOT_FOUND", "LAST_SIGN_IN_METHOD"],
  },
} satisfies RouteContracts;

export type OperationContracts = typeof operations;
/** The name of a key-management operation: `query/<op>` or `submit/<op>`. */
export type OperationName = keyof OperationContracts & keyof OperationRequests;
/** What a client sends to an operation (its schema's input). */
export type OperationBody<O extends OperationName> = OperationRequests[O]["inferIn"];
/** What an operation answers. */
export type OperationAnswer<O extends OperationName> = OperationContracts[O]["response"]["infer"];
/** An operation that submits an activity (its answer is `{activity}`). */
export type ActivityOperation = Extract<OperationName, `submit/${string}`>;
/** A completed activity's result: what `op` answers inside its activity (a pending one's result is empty). */
export type ActivityResult<O extends ActivityOperation> = Exclude<OperationAnswer<O>["activity"]["result"], Record<string, never>>;
