// Passkey ceremony parameters.
export const PASSKEY_ASSERTION_TIMEOUT_MS = 300_000;
export const PASSKEY_USER_VERIFICATION = "preferred" as const;
export const PASSKEY_RESIDENT_KEY = "preferred" as const;
export { PASSKEY_ALGORITHMS } from "../../wire/constants";
export const PASSKEY_FALLBACK_TRANSPORTS = ["internal", "hybrid"] as const;
export const PASSKEY_SUCCESS_CLOSE_MS = 5000;
