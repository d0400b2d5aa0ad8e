import type { SessionRestore } from "latch-kit";
import { passkeyStamper } from "./ceremony";
import "./registry";

/**
 * Passkey sessions restore without a prompt: verifying at page load would need an assertion, so
 * the stored user is trusted until its expiry, and the first stamped call proves the credential.
 * A session that opened a frame session (split custody) kept its bundle: the frame takes it back and
 * stamps, as after any sign-in with a bundle, and whoami proves it.
 */
export const passkeySessionRestore = (kit: Parameters<typeof passkeyStamper>[0]): SessionRestore => ({
  type: "passkey",
  restore: async (session, signer) => {
    if (typeof session.credentialId !== "string") throw new Error("A passkey session without its credential");
    if (typeof session.bundle === "string") {
      try {
        await signer.frame.injectCredentialBundle(session.bundle);
        signer.useStamper(null);
        return { ...(await signer.whoami(session.user.orgId)), credentialId: session.credentialId };
      } catch (error) {
        // The frame lost its key, or the server no longer knows the session key: the passkey stamps, as before the frame session.
        console.warn("[latch] the passkey session's frame session did not restore; the passkey stamps again", error);
      }
    }
    signer.useStamper(passkeyStamper(kit, session.credentialId));
    return session.user;
  },
});
