// The error codes each signer route may answer (route → codes), made of the groups in
// wire/error-codes.ts plus the route's own. The server's answer check refuses a code its route does
// not list (wire/responses.ts pairs this table with the response schemas); the kit's `RouteError<route>`
// takes its codes from here. Plain constants: no schema library comes with them.
import { CODE_ERRORS, DELIVERY_ERRORS, FACTOR_ERRORS, JWT_ERRORS, STAMP_ERRORS, STEP_UP_ERRORS, TRANSPORT_ERRORS } from "./error-codes";

/** Multi-owner changes: a member of the root quorum stamps them. */
const MULTI_OWNER_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "ORGANIZATION_NOT_FOUND", "NOT_A_MEMBER", "NOT_IN_ROOT_QUORUM", "CONSENSUS_NEEDED"] as const;
/** Sign-up and sign-in with a contact or a passkey: whichever method claims the body answers. */
const SIGN_IN_ERRORS = [...TRANSPORT_ERRORS, ...DELIVERY_ERRORS, ...FACTOR_ERRORS, "USER_EXISTS", "USER_NOT_FOUND", "INVALID_PASSKEY", "PASSKEY_EXISTS", "PASSKEY_ORIGIN_REFUSED"] as const;
/** A stamped change to the user's own sign-in methods. */
const ACCOUNT_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "USER_NOT_IN_ORGANIZATION", "LAST_SIGN_IN_METHOD"] as const;
/** MFA calls stamped by the user (sign_raw_payload with the action as payload). */
const FACTOR_CALL_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "SIGN_WITH_NOT_OWNED"] as const;
/** Split custody's calls: stamped by a session whose frame receives the shares. */
const CUSTODY_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "USER_NOT_FOUND", "FRAME_SESSION_REQUIRED", "MFA_REQUIRED"] as const;

export const ROUTE_ERRORS = {
  lookup: [...TRANSPORT_ERRORS, "UNSUPPORTED"],
  signup: SIGN_IN_ERRORS,
  auth: SIGN_IN_ERRORS,
  otp: [...TRANSPORT_ERRORS, ...CODE_ERRORS, ...FACTOR_ERRORS, "USER_NOT_FOUND"],
  whoami: [...TRANSPORT_ERRORS, ...STAMP_ERRORS],
  "sign-payload": [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "SIGN_WITH_NOT_OWNED", "WALLET_IN_SPLIT_CUSTODY", "WALLET_NOT_CREATED", "SPLIT_CUSTODY_REQUIRED"],
  "revoke-session": [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "SESSION_KEY_REQUIRED"],
  "scoped-session": [...TRANSPORT_ERRORS, ...STAMP_ERRORS],
  "prepare-oauth": TRANSPORT_ERRORS,
  "auth-jwt": [...TRANSPORT_ERRORS, ...JWT_ERRORS],
  "add-oauth-provider": [...ACCOUNT_ERRORS, ...STEP_UP_ERRORS, ...JWT_ERRORS, "OAUTH_PROVIDER_IN_USE", "SESSION_KEY_REQUIRED"],
  "remove-oauth-provider": [...ACCOUNT_ERRORS, ...STEP_UP_ERRORS, "OAUTH_PROVIDER_NOT_FOUND"],
  "signer-config": TRANSPORT_ERRORS,
  "custody-state": CUSTODY_ERRORS,
  "custody-reshare-source": [...CUSTODY_ERRORS, "SPLIT_CUSTODY_DISABLED", "WALLET_IN_SPLIT_CUSTODY", "WALLET_NOT_CREATED", "WALLET_HAS_EXTRA_ACCOUNTS"],
  "custody-split": [...CUSTODY_ERRORS, "SPLIT_CUSTODY_DISABLED", "SPLIT_OF_ANOTHER_WALLET", "WALLET_EXISTS", "INVALID_CUSTODY_PROOF", "INVALID_SHARES", "CUSTODY_CHANGED"],
  "custody-frame-session": [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "USER_NOT_FOUND", "PASSKEY_STAMP_REQUIRED", "SPLIT_CUSTODY_DISABLED"],
  "init-otp": [...TRANSPORT_ERRORS, ...DELIVERY_ERRORS],
  "verify-otp": [...TRANSPORT_ERRORS, ...CODE_ERRORS],
  "update-email-auth": [...ACCOUNT_ERRORS, ...STEP_UP_ERRORS, "WRONG_ORGANIZATION", "CONTACT_TAKEN", "VERIFICATION_TOKEN_REQUIRED", "INVALID_VERIFICATION_TOKEN", "VERIFICATION_TOKEN_MISMATCH", "VERIFICATION_TOKEN_USED"],
  "update-phone-auth": [...ACCOUNT_ERRORS, ...STEP_UP_ERRORS, "WRONG_ORGANIZATION", "CONTACT_TAKEN", "VERIFICATION_TOKEN_REQUIRED", "INVALID_VERIFICATION_TOKEN", "VERIFICATION_TOKEN_MISMATCH", "VERIFICATION_TOKEN_USED"],
  "multi-owner-create": [...TRANSPORT_ERRORS, "MEMBER_PROOF_REQUIRED", "INVALID_MEMBER_PROOF", "STALE_REQUEST", "REPLAYED_REQUEST"],
  "multi-owner-prepare-add": [...TRANSPORT_ERRORS, "ORGANIZATION_NOT_FOUND"],
  "multi-owner-prepare-delete": [...TRANSPORT_ERRORS, "ORGANIZATION_NOT_FOUND", "UNKNOWN_MEMBER"],
  "multi-owner-add": [...MULTI_OWNER_ERRORS, "TOO_MANY_MEMBERS", "MEMBER_PROOF_REQUIRED", "INVALID_MEMBER_PROOF"],
  "multi-owner-delete": [...MULTI_OWNER_ERRORS, "LAST_MEMBER"],
  "multi-owner-update-root-quorum": MULTI_OWNER_ERRORS,
  "multi-owner-sign-raw-payload": [...MULTI_OWNER_ERRORS, "SIGN_WITH_NOT_OWNED"],
  "list-auth-methods": [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "WRONG_ORGANIZATION", "USER_NOT_IN_ORGANIZATION", "NOT_SIGNED_IN"],
  "auth-request-multi-factor": [...FACTOR_CALL_ERRORS, ...STEP_UP_ERRORS, "UNSUPPORTED_MFA_FACTOR_TYPE"],
  "auth-verify-multi-factor": [...FACTOR_CALL_ERRORS, ...FACTOR_ERRORS],
  "auth-list-multi-factors": FACTOR_CALL_ERRORS,
  "auth-delete-multi-factors": [...FACTOR_CALL_ERRORS, ...STEP_UP_ERRORS, "MFA_FACTOR_NOT_FOUND"],
  "auth-validate-multi-factors": [...TRANSPORT_ERRORS, ...FACTOR_ERRORS, "ENCRYPTED_PAYLOAD_USED"],
  "step-up": [
    ...FACTOR_CALL_ERRORS,
    ...FACTOR_ERRORS,
    "STEP_UP_PROOF_NOT_ACCEPTED",
    "INVALID_VERIFICATION_TOKEN",
    "VERIFICATION_TOKEN_MISMATCH",
    "VERIFICATION_TOKEN_USED",
    "STALE_PROOF",
  ],
} as const;
