import { token } from "../container";
import type { Kit } from "../kit-types";
import type { User } from "../types";
import type { Session, SessionType } from "./session";
import type { AbortOptions } from "../types";
import type { FrameStamper } from "./frame-stamper";
import type { Stamper } from "./stamper";

/**
 * Completes a sign-in the page returned with (an email link, a social redirect). The embedded
 * signer runs every registered one before it restores a stored session, so a stale session never
 * races the new sign-in.
 */
export const SIGN_IN_RETURN = token<(kit: Kit) => Promise<void>>("latch.signer.SignInReturn");

/** What a session type's restore may use of the embedded signer (which passes itself). */
export interface RestoringSigner {
  /** The auth frame holding the session's key. */
  readonly frame: FrameStamper;
  /** Stamps with this stamper from now on (a passkey's), or with the frame's key again (null). */
  useStamper(stamper: Stamper | null): void;
  /** The user of an organisation, by a stamped whoami. */
  whoami(orgId: string, stamper?: Stamper, options?: AbortOptions): Promise<User>;
}

/** How a session type restores after a reload, when not by re-injecting its credential bundle. */
export interface SessionRestore {
  type: SessionType;
  /** The session's user, once the session can stamp again (throw to clear it). */
  restore: (session: Session, signer: RestoringSigner) => Promise<User>;
}

/** Container token of the session restore (the embedded signer provides it). */
export const SESSION_RESTORE = token<SessionRestore>("latch.signer.SessionRestore");
