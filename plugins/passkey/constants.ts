// Passkey ceremony parameters.
/** How long the browser's passkey prompt may take. */
export const PASSKEY_ASSERTION_TIMEOUT_MS = 300_000;
/** The user verification passkeys ask for. */
export const PASSKEY_USER_VERIFICATION = "preferred" as const;
/** Whether new passkeys are discoverable. */
export const PASSKEY_RESIDENT_KEY = "preferred" as const;
export { PASSKEY_ALGORITHMS } from "../../wire/constants";
/** Transports assumed when the browser reports none. */
export const PASSKEY_FALLBACK_TRANSPORTS = ["internal", "hybrid"] as const;
/** How long the dialog shows a passkey's success before it closes. */
export const PASSKEY_SUCCESS_CLOSE_MS = 5000;
