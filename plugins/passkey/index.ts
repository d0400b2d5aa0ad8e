import { ACCOUNT_CREATOR, defineAuthenticator, defineListener, definePlugin, defineSection, defineStep, embeddedSignerPlugin, getEmbeddedSigner, proveStepUp, SESSION_RESTORE, STEP_UP_PROVER, type Kit, type LatchPlugin } from "latch-kit";
import { passkeyStamper } from "./ceremony";
import { authenticateWithPasskey } from "./actions/authenticateWithPasskey";
import { passkeySessionRestore } from "./session";
import { PasskeyCreateScreen } from "./PasskeyCreateScreen";
import { PasskeyCreateSuccessScreen } from "./PasskeyCreateSuccessScreen";
import { PasskeySection } from "./PasskeySection";
import { PasskeyVerifyScreen } from "./PasskeyVerifyScreen";
import "./registry";

/**
 * Passkeys: the 'I have a passkey' section, passkey sign-in and sign-up, and (with
 * `ui.auth.addPasskeyOnSignup`) the offer to add one after any sign-up, once per connection.
 */
export const passkey = (): LatchPlugin => {
  // Once per connection: a disconnect resets it. Per kit, as each call makes a new plugin.
  let offeredThisConnection = false;
  // A sign-up still on screen (the code screen shows 'verified', then completes) would replace the
  // offer: it waits until the dialog is closed or at initial / complete.
  let offerPending = false;
  const offerAfterSignup = (kit: Kit) => {
    const user = kit.getUser();
    if (!kit.config.ui.auth?.addPasskeyOnSignup || offeredThisConnection || !user || user.credentialId) return;
    if (kit.isModalOpen() && kit.getStep().type !== "initial" && kit.getStep().type !== "complete") {
      offerPending = true;
      return;
    }
    offerPending = false;
    offeredThisConnection = true;
    kit.openModal({ type: "passkey_create" });
  };
  // After the step that completes the sign-in has run (it closes the dialog).
  const offerLater = (kit: Kit) => {
    if (offerPending) setTimeout(() => offerAfterSignup(kit), 0);
  };
  return definePlugin({
    id: "passkey",
    requires: [embeddedSignerPlugin],
    signerOptions: { "rpId?": "string" },
    sections: [defineSection({ type: "passkey", Component: PasskeySection })],
    steps: [
      defineStep({ type: "passkey_verify", Screen: PasskeyVerifyScreen, back: "initial" }),
      defineStep({ type: "passkey_create", Screen: PasskeyCreateScreen, back: "initial", onClose: "complete" }),
      defineStep({ type: "passkey_create_success", Screen: PasskeyCreateSuccessScreen, back: null, showBack: false }),
    ],
    /** Lets the embedded signer restore a passkey session, and registers createAccount by passkey. */
    setup: (kit: Kit) => {
      kit.container.add(SESSION_RESTORE, passkeySessionRestore(kit));
      // A passkey assertion as a step-up proof (a session the passkey opened in a signing frame stamps with its key).
      kit.container.add(STEP_UP_PROVER, { proof: "passkey", prove: (k, _proof, options) => proveStepUp(getEmbeddedSigner(k), { passkey: passkeyStamper(k) }, options) });
      // A new passkey and account (with an email: that user's, if one exists).
      kit.container.add(ACCOUNT_CREATOR, {
        type: "passkey",
        create: (params: { email?: string }, k: Kit) => authenticateWithPasskey(k, { createNew: true, ...(params.email ? { email: params.email } : {}) }),
      });
    },
    authenticators: [defineAuthenticator("passkey", (payload, kit) => authenticateWithPasskey(kit, payload))],
    listeners: [
      defineListener("newUserSignup", (_payload, kit) => offerAfterSignup(kit)),
      defineListener("stepChanged", (step, kit) => {
        if (step.type === "complete") offerLater(kit);
      }),
      defineListener("modalOpenChanged", (open, kit) => {
        if (!open) offerLater(kit);
      }),
      defineListener("disconnected", () => {
        offeredThisConnection = false;
        offerPending = false;
      }),
    ],
  });
};

export { useAddPasskey, useRemovePasskey, useRenamePasskey } from "./hooks";
export { authenticateWithPasskey, type AuthenticateWithPasskeyParameters, type AuthenticateWithPasskeyReturnType } from "./actions/authenticateWithPasskey";
export { addPasskey, type AddPasskeyReturnType } from "./actions/addPasskey";
export { removePasskey, type RemovePasskeyParameters } from "./actions/removePasskey";
export { renamePasskey, type RenamePasskeyParameters } from "./actions/renamePasskey";
export { createPasskeyCredential, isWebauthnSupported, PasskeyCancelledError, WebauthnUnsupportedError, type PasskeyAttestation } from "./credential";
export * from "./constants";
export { passkeyStrings, PASSKEY_STRINGS_TABLE } from "./strings";
export { startPasskeySignIn } from "./flow";
export type { PasskeySectionConfig } from "./PasskeySection";
