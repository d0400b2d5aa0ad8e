// The error codes each key-management operation may answer (operation → codes), made of the groups
// in wire/error-codes.ts plus the operation's own; wire/operations.ts pairs this table with the
// answers' schemas. Plain constants: the kit's published types name them, no schema library comes
// with them.
import { CODE_ERRORS, DELIVERY_ERRORS, STAMP_ERRORS, STEP_UP_ERRORS, TRANSPORT_ERRORS } from "./error-codes";

/** Codes every operation may answer: the request could not be read or its stamp was refused, or it names another user. */
const OPERATION_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "MISSING_STAMP", "UNSUPPORTED_OPERATION", "USER_NOT_IN_ORGANIZATION"] as const;
/** An account spec refused (an unknown format, a bad path) or one the user's wallets hold already. */
const ACCOUNT_ERRORS = ["INVALID_WALLET_ACCOUNT", "WALLET_ACCOUNT_EXISTS"] as const;
/** What the server answers for a wallet it does not hold: split, not made yet (its frame makes it), or held while the operator requires split custody. */
const CUSTODY_ERRORS = ["WALLET_IN_SPLIT_CUSTODY", "WALLET_NOT_CREATED", "SPLIT_CUSTODY_REQUIRED"] as const;

export const OPERATION_ERROR_CODES = {
  "query/whoami": OPERATION_ERRORS,
  "query/get_activity": [...OPERATION_ERRORS, "ACTIVITY_NOT_FOUND"],
  // MFA_REQUIRED: a split wallet's export asked by a session whose sign-in did not pass the second factor.
  "submit/export_wallet": [...OPERATION_ERRORS, ...STEP_UP_ERRORS, ...CUSTODY_ERRORS, "WALLET_NOT_FOUND", "MFA_REQUIRED"],
  "submit/export_wallet_account": [...OPERATION_ERRORS, ...STEP_UP_ERRORS, ...CUSTODY_ERRORS, "WALLET_ACCOUNT_NOT_FOUND"],
  "submit/sign_raw_payload": [...OPERATION_ERRORS, ...CUSTODY_ERRORS, "SIGN_WITH_NOT_OWNED"],
  "query/list_wallets": OPERATION_ERRORS,
  "query/list_wallet_accounts": [...OPERATION_ERRORS, "WALLET_NOT_FOUND"],
  "query/list_users": OPERATION_ERRORS,
  "query/get_user": OPERATION_ERRORS,
  "submit/init_import_wallet": [...OPERATION_ERRORS, "TOO_MANY_IMPORT_BUNDLES"],
  "submit/import_wallet": [
    ...OPERATION_ERRORS,
    ...ACCOUNT_ERRORS,
    "INVALID_ENCRYPTED_BUNDLE",
    "UNKNOWN_IMPORT_BUNDLE",
    "IMPORT_BUNDLE_NOT_YOURS",
    "IMPORT_BUNDLE_USED",
    "IMPORT_BUNDLE_EXPIRED",
    "INVALID_MNEMONIC",
  ],
  "submit/create_wallet_accounts": [...OPERATION_ERRORS, ...ACCOUNT_ERRORS, ...CUSTODY_ERRORS, "WALLET_NOT_FOUND"],
  "submit/create_api_keys": [...OPERATION_ERRORS, ...STEP_UP_ERRORS, "DUPLICATE_API_KEY", "TOO_MANY_API_KEYS", "API_KEY_EXISTS"],
  "submit/delete_api_keys": [...OPERATION_ERRORS, "API_KEY_NOT_FOUND"],
  "submit/init_otp": [...OPERATION_ERRORS, ...DELIVERY_ERRORS],
  "submit/verify_otp": [...OPERATION_ERRORS, ...CODE_ERRORS],
  "query/list_authenticators": OPERATION_ERRORS,
  "query/get_authenticators": OPERATION_ERRORS,
  "submit/create_authenticators": [...OPERATION_ERRORS, ...STEP_UP_ERRORS, "INVALID_PASSKEY", "PASSKEY_EXISTS", "PASSKEY_ORIGIN_REFUSED"],
  "submit/update_authenticator_name": [...OPERATION_ERRORS, "AUTHENTICATOR_NOT_FOUND"],
  "submit/delete_authenticators": [...OPERATION_ERRORS, ...STEP_UP_ERRORS, "AUTHENTICATOR_NOT_FOUND", "LAST_SIGN_IN_METHOD"],
} as const;
