import type { Kit } from "../kit-types";
import type { User } from "../types";
import { SESSION_RESTORE, SIGN_IN_RETURN, type RestoringSigner } from "./tokens";
import type { Session, SessionManager } from "./session";

/** What restoring a stored session needs of the embedded signer (which passes itself). */
export interface SessionHolder extends RestoringSigner {
  readonly sessions: SessionManager;
  watchSignIn(): () => boolean;
  resume(session: Session, user: User): void;
}

/** Completes the sign-ins the page returned with (email link, social redirect), one after the other. */
export async function completeReturns(kit: Kit): Promise<void> {
  for (const complete of kit.container.all(SIGN_IN_RETURN)) {
    try {
      await complete(kit);
    } catch (error) {
      console.error("[latch] completing a returned sign-in failed", error);
    }
  }
}

/**
 * Restores a stored session: by its session type's own restore if one is registered (e.g. passkey
 * sessions, which trust the stored user until a stamp proves it), else by re-injecting its
 * credential bundle into the frame and loading the user. A session that fails is cleared.
 */
export async function restoreSession(kit: Kit, signer: SessionHolder): Promise<void> {
  // A returned sign-in already connected (and stored) its session.
  if (kit.getStatus() === "CONNECTED") return;
  const isCurrent = signer.watchSignIn();
  const session = signer.sessions.load();
  // No session: kit.start() settles the status once every plugin has started.
  if (!session) return;
  try {
    const own = kit.container.all(SESSION_RESTORE).findLast((r) => r.type === session.type);
    const user = own ? await own.restore(session, signer) : await restoreWithBundle(session, signer);
    if (isCurrent()) signer.resume(session, user);
  } catch (error) {
    if (!isCurrent()) return;
    console.warn("[latch] the stored session could not load a user and was cleared", error);
    signer.sessions.clear();
    kit.setUser(null);
    kit.setStatus("DISCONNECTED");
  }
}

async function restoreWithBundle(session: Session, signer: SessionHolder): Promise<User> {
  if (session.bundle) await signer.frame.injectCredentialBundle(session.bundle);
  return { ...(await signer.whoami(session.user.orgId)), ...pickTokens(session.user) };
}

/** What a sign-in added to the user that whoami does not return (tokens, the passkey's credential). */
export const pickTokens = (user: User): Partial<User> => ({
  ...(user.idToken ? { idToken: user.idToken } : {}),
  ...(user.accessToken ? { accessToken: user.accessToken } : {}),
  ...(user.claims ? { claims: user.claims } : {}),
  ...(user.credentialId ? { credentialId: user.credentialId } : {}),
});
