// The key-management operations' answers (`POST /public/v1/{query|submit}/<op>`): operation →
// response schema and the error codes it may answer, as wire/responses.ts does for the signer
// routes. The server checks these answers as it checks the routes' (server/answers.ts). Covered so
// far: whoami, activity polling, wallet export, raw-payload signing and passkey management; the
// wallet import, wallet account and API key operations are not yet in the contract (their answers
// are unchecked).
import { type, type Type } from "arktype";
import { STAMP_ERRORS, TRANSPORT_ERRORS } from "./errors";
import type { RouteContracts } from "./contract";

/** A time as key-management answers show it: seconds and nanoseconds, as strings. */
const wireTimestamp = type({ seconds: /^\d+$/, nanos: /^\d+$/ });

/** An activity whose result, once completed, is `result`; a pending one has an empty result. (The kit reads activities loosely, so the result is not typed here.) */
const activityAnswer = (result: Type<object>) =>
  type({
    activity: {
      id: "string",
      organizationId: "string",
      type: /^ACTIVITY_TYPE_[A-Z0-9_]+$/,
      status: /^ACTIVITY_STATUS_[A-Z_]+$/,
      // `{}` in a union would absorb the result's shape (every object is one); "no keys" is Record<string, never>.
      result: result.or("Record<string, never>"),
      createdAt: wireTimestamp,
      updatedAt: wireTimestamp,
    },
  });

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
  "query/list_authenticators": { response: type({ authenticators: authenticator.array() }), errors: OPERATION_ERRORS },
  "query/get_authenticators": { response: type({ authenticators: authenticator.array() }), errors: OPERATION_ERRORS },
  "submit/create_authenticators": {
    response: activityAnswer(type({ createAuthenticatorsResult: authenticatorIds })),
    errors: [...OPERATION_ERRORS, "INVALID_PASSKEY", "PASSKEY_EXISTS", "PASSKEY_ORIGIN_REFUSED"],
  },
  "submit/delete_authenticators": {
    response: activityAnswer(type({ deleteAuthenticatorsResult: authenticatorIds })),
    errors: [...OPERATION_ERRORS, "AUTHENTICATOR_NOT_FOUND", "LAST_SIGN_IN_METHOD"],
  },
} satisfies RouteContracts;

export type OperationContracts = typeof operations;
