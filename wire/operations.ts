// The key-management operations' answers (`POST /public/v1/{query|submit}/<op>`): operation →
// response schema and the error codes it may answer, as wire/responses.ts does for the signer
// routes; each operation's body is beside it (wire/operation-requests.ts). Every operation the
// server implements is here — the engine's (whoami, activities, wallets and their accounts, wallet
// import and export, raw-payload signing, users, API keys) and the methods' (passkey management,
// contact codes) — and a server test holds the two lists equal. The server checks these answers as
// it checks the routes' (server/answers.ts). The kit's key-management client takes the plain types
// of wire/operation-types.ts (`OperationAnswer<op>`, `ActivityResult<op>`), which
// test/types/wire-types.test-d.ts holds equal to these schemas; the error codes are
// wire/operation-errors.ts's table.
import { type, type Type } from "arktype";
import { OPERATION_ERROR_CODES } from "./operation-errors";
import type { RouteContracts } from "./contract";
import type { ActivityAnswer } from "./operation-types";

/** A time as key-management answers show it: seconds and nanoseconds, as strings. */
const wireTimestamp = type({ seconds: /^\d+$/, nanos: /^\d+$/ });

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


export const operations = {
  "query/whoami": {
    response: type({ organizationId: "string", organizationName: "string", userId: "string", username: "string" }),
    errors: OPERATION_ERROR_CODES["query/whoami"],
  },
  "query/get_activity": {
    response: activityAnswer(type("Record<string, unknown>")),
    errors: OPERATION_ERROR_CODES["query/get_activity"],
  },
  "submit/export_wallet": {
    response: activityAnswer(type({ exportWalletResult: { walletId: "string", exportBundle: "string" } })),
    errors: OPERATION_ERROR_CODES["submit/export_wallet"],
  },
  "submit/export_wallet_account": {
    response: activityAnswer(type({ exportWalletAccountResult: { address: "string", exportBundle: "string" } })),
    errors: OPERATION_ERROR_CODES["submit/export_wallet_account"],
  },
  "submit/sign_raw_payload": {
    response: activityAnswer(type({ signRawPayloadResult: { r: /^[0-9a-f]{64}$/, s: /^[0-9a-f]{64}$/, v: /^[0-9a-f]{2}$/ } })),
    errors: OPERATION_ERROR_CODES["submit/sign_raw_payload"],
  },
  "query/list_wallets": { response: type({ wallets: wallet.array() }), errors: OPERATION_ERROR_CODES["query/list_wallets"] },
  "query/list_wallet_accounts": { response: type({ accounts: walletAccount.array() }), errors: OPERATION_ERROR_CODES["query/list_wallet_accounts"] },
  "query/list_users": { response: type({ users: user.array() }), errors: OPERATION_ERROR_CODES["query/list_users"] },
  "query/get_user": { response: type({ user }), errors: OPERATION_ERROR_CODES["query/get_user"] },
  "submit/init_import_wallet": {
    response: activityAnswer(type({ initImportWalletResult: { importBundle: "string" } })),
    errors: OPERATION_ERROR_CODES["submit/init_import_wallet"],
  },
  "submit/import_wallet": {
    response: activityAnswer(type({ importWalletResult: { walletId: "string", ...addresses } })),
    errors: OPERATION_ERROR_CODES["submit/import_wallet"],
  },
  "submit/create_wallet_accounts": {
    response: activityAnswer(type({ createWalletAccountsResult: addresses })),
    errors: OPERATION_ERROR_CODES["submit/create_wallet_accounts"],
  },
  "submit/create_api_keys": {
    response: activityAnswer(type({ createApiKeysResult: { apiKeyIds: "string[]" } })),
    errors: OPERATION_ERROR_CODES["submit/create_api_keys"],
  },
  "submit/delete_api_keys": {
    response: activityAnswer(type({ deleteApiKeysResult: { apiKeyIds: "string[]" } })),
    errors: OPERATION_ERROR_CODES["submit/delete_api_keys"],
  },
  "submit/init_otp": { response: activityAnswer(type({ initOtpResult: { otpId: "string" } })), errors: OPERATION_ERROR_CODES["submit/init_otp"] },
  "submit/verify_otp": { response: activityAnswer(type({ verifyOtpResult: { verificationToken: "string" } })), errors: OPERATION_ERROR_CODES["submit/verify_otp"] },
  "query/list_authenticators": { response: type({ authenticators: authenticator.array() }), errors: OPERATION_ERROR_CODES["query/list_authenticators"] },
  "query/get_authenticators": { response: type({ authenticators: authenticator.array() }), errors: OPERATION_ERROR_CODES["query/get_authenticators"] },
  "submit/create_authenticators": {
    response: activityAnswer(type({ createAuthenticatorsResult: authenticatorIds })),
    errors: OPERATION_ERROR_CODES["submit/create_authenticators"],
  },
  "submit/update_authenticator_name": {
    response: activityAnswer(type({ updateAuthenticatorNameResult: { authenticatorId: "string" } })),
    errors: OPERATION_ERROR_CODES["submit/update_authenticator_name"],
  },
  "submit/delete_authenticators": {
    response: activityAnswer(type({ deleteAuthenticatorsResult: authenticatorIds })),
    errors: OPERATION_ERROR_CODES["submit/delete_authenticators"],
  },
} satisfies RouteContracts;

export type OperationContracts = typeof operations;
