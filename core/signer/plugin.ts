import type { Kit } from "../kit-types";
import { definePlugin, type LatchPlugin } from "../plugin";
import { getEmbeddedSigner } from "./service";
import { signMessageWith, signTypedDataWith } from "./wallet-signing";

/**
 * The embedded signer's part of a kit, which every embedded sign-in method requires: read the
 * stored user for the first render, restore the session on start, end it on logout, sign for 'sca'
 * users. Installed once however many methods require it.
 */
export const embeddedSignerPlugin: LatchPlugin = definePlugin({
  id: "embedded-signer",
  /** Reads the stored user, so the first render already knows them. */
  setup: (kit: Kit) => getEmbeddedSigner(kit).restoreUserSync(),
  /** Restores the session (client side). */
  start: (kit: Kit) => getEmbeddedSigner(kit).start(),
  /** Ends the session on logout. */
  disconnect: (kit: Kit) => getEmbeddedSigner(kit).disconnect(),
  accountSigners: [
    {
      userType: "sca",
      /** Signs a message with the embedded owner key. */
      signMessage: (kit, message, options) => signMessageWith(getEmbeddedSigner(kit), message, options),
      /** Signs EIP-712 typed data with the embedded owner key. */
      signTypedData: (kit, typedData, options) => signTypedDataWith(getEmbeddedSigner(kit), typedData, options),
    },
  ],
});
