import { token } from "../container";
import type { Kit } from "../kit-types";
import type { User } from "../types";
import type { Session, SessionType } from "./session";
import type { EmbeddedSigner } from "./signer";

/**
 * Completes a sign-in the page returned with (an email link, a social redirect). The embedded
 * signer runs every registered one before it restores a stored session, so a stale session never
 * races the new sign-in.
 */
export const SIGN_IN_RETURN = token<(kit: Kit) => Promise<void>>("latch.signer.SignInReturn");

/** How a session type restores after a reload, when not by re-injecting its credential bundle. */
export interface SessionRestore {
  type: SessionType;
  /** The session's user, once the session can stamp again (throw to clear it). */
  restore: (session: Session, signer: EmbeddedSigner) => Promise<User>;
}

/** Container token of the session restore (the embedded signer provides it). */
export const SESSION_RESTORE = token<SessionRestore>("latch.signer.SessionRestore");
