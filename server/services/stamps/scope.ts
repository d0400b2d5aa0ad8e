// Key policies in the spirit of Turnkey's: a session key may be narrowed to signing. A sign-only key
// reads and signs; it cannot export, change how the user signs in (factors, contacts, passkeys,
// providers), create API keys or sessions, or import and add wallets. Deny by default: an operation
// not listed here as signing is a change that needs a full key.
import { forbidden } from "../../errors";
import type { SessionScope } from "../../store/apiKeys";
import type { Operation } from "./operation";

export type { SessionScope };

import { SIGN_ONLY_SESSION_CODE, SIGN_ONLY_SESSION_TEXT } from "../../../wire/constants";

export { SIGN_ONLY_SCOPE } from "../../../wire/constants";

/** What a stamped request does: `sign` (reads, signatures, logout) is open to a sign-only key; `manage` is not. */
export type Capability = "sign" | "manage";

/** Submits a sign-only key may make; every query is a read and open to it. */
const SIGNING_SUBMITS = new Set<Operation>(["submit/sign_raw_payload", "submit/revoke_session"]);

/** The capability an operation needs when its route says nothing more (an MFA change says `manage`). */
export function capabilityOf(operation: Operation): Capability {
  return operation.startsWith("query/") || SIGNING_SUBMITS.has(operation) ? "sign" : "manage";
}


/** Refuses a `manage` request stamped by a sign-only key (403 SESSION_SCOPE_SIGN_ONLY). */
export function checkScope(scope: SessionScope | null | undefined, capability: Capability, operation: Operation): void {
  if (scope === "sign" && capability !== "sign") throw forbidden(SIGN_ONLY_SESSION_CODE, SIGN_ONLY_SESSION_TEXT, { operation });
}
