// The key-management operations' bodies and answers (`POST /public/v1/{query|submit}/<op>`) in plain
// TypeScript: the types the kit's key-management client takes. The server validates with the schemas
// of wire/operation-requests.ts and wire/operations.ts; test/types/wire-types.test-d.ts holds each
// type here equal to its schema's inferred type, so an app's compiler never meets the schema library.
import type { ExpirationSeconds, PasskeyAttestation } from "./shapes";

/** A time as key-management answers show it: seconds and nanoseconds, as strings. */
export interface WireTimestamp {
  seconds: string;
  nanos: string;
}

/** An activity as the wire shows it: its result is `Result` once completed, empty while pending. */
export interface ActivityAnswer<Result> {
  activity: {
    id: string;
    organizationId: string;
    type: string;
    status: string;
    result: Result | Record<string, never>;
    createdAt: WireTimestamp;
    updatedAt: WireTimestamp;
  };
}

/** One object type of an intersection's fields (what a reader's editor shows, and what the schemas infer). */
type Flat<T> = { [K in keyof T]: T[K] };
/** A stamped query's body: the organisation it reads, and when it was stamped. */
type Query<Fields = object> = Flat<{ organizationId: string; timestampMs?: string | number } & Fields>;
/** A stamped activity's body: its type, when it was stamped, the organisation it acts in and its parameters. */
type Activity<Type extends string, Parameters> = { type: Type; timestampMs: string | number; organizationId: string; parameters: Parameters };
type AccountSpec = { curve: string; pathFormat: string; path: string; addressFormat: string };
type Authenticator = {
  authenticatorId: string;
  authenticatorName: string;
  credentialId: string;
  transports: string[];
  attestationType: string;
  createdAt: WireTimestamp;
  updatedAt: WireTimestamp;
};
type UserAnswer = {
  userId: string;
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  authenticators: Authenticator[];
  apiKeys: {
    apiKeyId: string;
    apiKeyName: string;
    credential: { publicKey: string; type: string };
    expirationSeconds: string;
    createdAt: WireTimestamp;
    updatedAt: WireTimestamp;
  }[];
  oauthProviders: { providerId: string; providerName: string; issuer: string; subject: string }[];
  userTags: string[];
};
type WalletAnswer = { walletId: string; walletName: string; exported: boolean; imported: boolean };
type WalletAccountAnswer = {
  walletAccountId: string;
  organizationId: string;
  walletId: string;
  curve: string;
  pathFormat: string;
  path: string;
  addressFormat: string;
  address: string;
};
type OtpContact = { contact: string; otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" };

/** Each operation's stamped body. */
export interface OperationBodies {
  "query/whoami": Query;
  "query/get_activity": Query<{ activityId: string }>;
  "query/list_wallets": Query;
  "query/list_wallet_accounts": Query<{ walletId: string; paginationOptions?: object }>;
  "query/list_users": Query<{ paginationOptions?: object }>;
  "query/get_user": Query<{ userId: string }>;
  "query/list_authenticators": Query<{ userId?: string }>;
  "query/get_authenticators": Query<{ userId?: string }>;
  "submit/export_wallet": Activity<"ACTIVITY_TYPE_EXPORT_WALLET", { walletId: string; targetPublicKey: string; language?: "MNEMONIC_LANGUAGE_ENGLISH" }>;
  "submit/export_wallet_account": Activity<"ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", { address: string; targetPublicKey: string }>;
  "submit/sign_raw_payload": Activity<
    "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
    { encoding: "PAYLOAD_ENCODING_HEXADECIMAL"; hashFunction: "HASH_FUNCTION_NO_OP" | "HASH_FUNCTION_NOT_APPLICABLE"; payload: string; signWith: string }
  >;
  "submit/init_import_wallet": Activity<"ACTIVITY_TYPE_INIT_IMPORT_WALLET", { userId: string }>;
  "submit/import_wallet": Activity<"ACTIVITY_TYPE_IMPORT_WALLET", { userId: string; walletName: string; encryptedBundle: string; accounts: AccountSpec[] }>;
  "submit/create_wallet_accounts": Activity<"ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", { walletId: string; accounts: Flat<Omit<AccountSpec, "path"> & { path?: string }>[] }>;
  "submit/create_api_keys": Activity<
    "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
    { userId: string; apiKeys: { apiKeyName: string; publicKey: string; curveType: "API_KEY_CURVE_P256"; expirationSeconds?: ExpirationSeconds }[] }
  >;
  "submit/delete_api_keys": Activity<"ACTIVITY_TYPE_DELETE_API_KEYS", { userId: string; apiKeyIds: string[] }>;
  "submit/create_authenticators": Activity<
    "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
    { userId: string; authenticators: { authenticatorName: string; challenge: string; authenticatorUserId?: string; attestation: PasskeyAttestation }[] }
  >;
  "submit/update_authenticator_name": Activity<"ACTIVITY_TYPE_UPDATE_AUTHENTICATOR_NAME", { userId: string; authenticatorId: string; authenticatorName: string }>;
  "submit/delete_authenticators": Activity<"ACTIVITY_TYPE_DELETE_AUTHENTICATORS", { userId: string; authenticatorIds: string[] }>;
  "submit/init_otp": Activity<"ACTIVITY_TYPE_INIT_OTP" | "ACTIVITY_TYPE_INIT_OTP_V2", OtpContact>;
  "submit/verify_otp": Activity<"ACTIVITY_TYPE_VERIFY_OTP", { otpId: string; otpCode: string }>;
}

/** Each operation's answer. */
export interface OperationAnswers {
  "query/whoami": { organizationId: string; organizationName: string; userId: string; username: string };
  "query/get_activity": ActivityAnswer<Record<string, unknown>>;
  "query/list_wallets": { wallets: WalletAnswer[] };
  "query/list_wallet_accounts": { accounts: WalletAccountAnswer[] };
  "query/list_users": { users: UserAnswer[] };
  "query/get_user": { user: UserAnswer };
  "query/list_authenticators": { authenticators: Authenticator[] };
  "query/get_authenticators": { authenticators: Authenticator[] };
  "submit/export_wallet": ActivityAnswer<{ exportWalletResult: { walletId: string; exportBundle: string } }>;
  "submit/export_wallet_account": ActivityAnswer<{ exportWalletAccountResult: { address: string; exportBundle: string } }>;
  "submit/sign_raw_payload": ActivityAnswer<{ signRawPayloadResult: { r: string; s: string; v: string } }>;
  "submit/init_import_wallet": ActivityAnswer<{ initImportWalletResult: { importBundle: string } }>;
  "submit/import_wallet": ActivityAnswer<{ importWalletResult: { walletId: string; addresses: string[] } }>;
  "submit/create_wallet_accounts": ActivityAnswer<{ createWalletAccountsResult: { addresses: string[] } }>;
  "submit/create_api_keys": ActivityAnswer<{ createApiKeysResult: { apiKeyIds: string[] } }>;
  "submit/delete_api_keys": ActivityAnswer<{ deleteApiKeysResult: { apiKeyIds: string[] } }>;
  "submit/create_authenticators": ActivityAnswer<{ createAuthenticatorsResult: { authenticatorIds: string[] } }>;
  "submit/update_authenticator_name": ActivityAnswer<{ updateAuthenticatorNameResult: { authenticatorId: string } }>;
  "submit/delete_authenticators": ActivityAnswer<{ deleteAuthenticatorsResult: { authenticatorIds: string[] } }>;
  "submit/init_otp": ActivityAnswer<{ initOtpResult: { otpId: string } }>;
  "submit/verify_otp": ActivityAnswer<{ verifyOtpResult: { verificationToken: string } }>;
}

/** The name of a key-management operation: `query/<op>` or `submit/<op>`. */
export type OperationName = keyof OperationBodies & keyof OperationAnswers;
/** What a client sends to an operation. */
export type OperationBody<O extends OperationName> = OperationBodies[O];
/** What an operation answers. */
export type OperationAnswer<O extends OperationName> = OperationAnswers[O];
/** An operation that submits an activity (its answer is `{activity}`). */
export type ActivityOperation = Extract<OperationName, `submit/${string}`>;
/** A completed activity's result: what `op` answers inside its activity (a pending one's result is empty). */
export type ActivityResult<O extends ActivityOperation> = Exclude<OperationAnswer<O>["activity"]["result"], Record<string, never>>;
