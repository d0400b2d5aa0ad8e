import { token } from "../container";
import type { Kit } from "../kit-types";
import { definePlugin } from "../plugin";
import type { User } from "../types";
import { getEmbeddedSigner } from "./service";
import type { Session, SessionType } from "./session";
import type { EmbeddedSigner } from "./signer";
import { signMessageWith, signTypedDataWith } from "./wallet-signing";

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

export const SESSION_RESTORE = token<SessionRestore>("latch.signer.SessionRestore");

/**
 * The embedded signer's part of a kit, which every embedded sign-in method requires: read the
 * stored user for the first render, restore the session on start, end it on logout, sign for 'sca'
 * users. Installed once however many methods require it.
 */
export const embeddedSignerPlugin = definePlugin({
  id: "embedded-signer",
  setup: (kit: Kit) => getEmbeddedSigner(kit).restoreUserSync(),
  start: (kit: Kit) => getEmbeddedSigner(kit).start(),
  disconnect: (kit: Kit) => getEmbeddedSigner(kit).disconnect(),
  accountSigners: [
    {
      userType: "sca",
      signMessage: (kit, message) => signMessageWith(getEmbeddedSigner(kit), message),
      signTypedData: (kit, typedData) => signTypedDataWith(getEmbeddedSigner(kit), typedData),
    },
  ],
});
