import { defineAuthenticator, defineListener, definePlugin, defineSection, defineStep, getEmbeddedSigner, type Kit } from "latch-kit";
import { embeddedSignerParts } from "../shared/signer-parts";
import { PasskeyCreateScreen } from "./PasskeyCreateScreen";
import { PasskeyCreateSuccessScreen } from "./PasskeyCreateSuccessScreen";
import { PasskeySection } from "./PasskeySection";
import { PasskeyVerifyScreen } from "./PasskeyVerifyScreen";
import "./registry";

/**
 * Passkeys: the 'I have a passkey' section, passkey sign-in and sign-up, and (with
 * `ui.auth.addPasskeyOnSignup`) the offer to add one after any sign-up, once per connection.
 */
export const passkey = () => {
  // Once per connection: a disconnect resets it. Per kit, as each call makes a new plugin.
  let offeredThisConnection = false;
  const offerAfterSignup = (kit: Kit) => {
    const user = kit.getUser();
    if (!kit.config.ui.auth?.addPasskeyOnSignup || offeredThisConnection || !user || user.credentialId) return;
    offeredThisConnection = true;
    kit.openModal({ type: "passkey_create" });
  };
  return definePlugin({
    id: "passkey",
    ...embeddedSignerParts,
    sections: [defineSection({ type: "passkey", Component: PasskeySection })],
    steps: [
      defineStep({ type: "passkey_verify", Screen: PasskeyVerifyScreen, back: "initial" }),
      defineStep({ type: "passkey_create", Screen: PasskeyCreateScreen, back: "initial", onClose: "complete" }),
      defineStep({ type: "passkey_create_success", Screen: PasskeyCreateSuccessScreen, back: null, showBack: false }),
    ],
    authenticators: [defineAuthenticator("passkey", (payload, kit) => getEmbeddedSigner(kit).authenticateWithPasskey(payload))],
    listeners: [
      ...embeddedSignerParts.listeners,
      defineListener("newUserSignup", (_payload, kit) => offerAfterSignup(kit)),
      defineListener("disconnected", () => {
        offeredThisConnection = false;
      }),
    ],
  });
};

export { useAddPasskey, useRemovePasskey } from "./hooks";
export { passkeyStrings, PASSKEY_STRINGS_TABLE } from "./strings";
export { startPasskeySignIn } from "./flow";
export type { PasskeySectionConfig } from "./PasskeySection";
