import type { SessionRestore } from "latch-kit";
import { passkeyStamper } from "./ceremony";
import "./registry";

/**
 * Passkey sessions restore without a prompt: verifying at page load would need an assertion, so
 * the stored user is trusted until its expiry, and the first stamped call proves the credential.
 */
export const passkeySessionRestore = (kit: Parameters<typeof passkeyStamper>[0]): SessionRestore => ({
  type: "passkey",
  restore: async (session, signer) => {
    if (typeof session.credentialId !== "string") throw new Error("A passkey session without its credential");
    signer.useStamper(passkeyStamper(kit, session.credentialId));
    return session.user;
  },
});
