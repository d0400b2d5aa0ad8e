// Loads the step and payload types this plugin registers, for apps that import only its entry.
import "../../lib/sign-in/registry";
import { ACCOUNT_CREATOR, defineListener, definePlugin, defineSection, defineStep, embeddedSignerPlugin, getEmbeddedSigner, SIGN_IN_RETURN, type Kit, type LatchPlugin } from "latch-kit";
import { EMAIL_SIGNER_OPTIONS } from "../../lib/sign-in/signer-options";
import { EmailSection } from "../../lib/sign-in/EmailSection";
import { emailAccountCreator, emailAuthenticator } from "../../lib/sign-in/signer-parts";
import { mfaPlugin } from "../../lib/mfa/plugin";
import { contactStepUpPlugin } from "../../lib/sign-in/step-up";
import { EmailCompletingScreen } from "./EmailCompletingScreen";
import { EmailVerifyFooter, EmailVerifyScreen } from "./EmailVerifyScreen";
import { LinkAcrossTabs } from "./cross-tab";
import { completeMagicLinkReturn } from "./return";

/** The signer waiting for a link moves an open dialog to email_verify, whoever asked for the link. */
function showCheckYourEmail(kit: Kit): void {
  const email = getEmbeddedSigner(kit).sessions.getTemporary()?.contact;
  if (!kit.isModalOpen() || !email) return;
  const step = kit.getStep();
  if (step.type !== "email_verify" || step.email !== email) kit.setStep({ type: "email_verify", email });
}

/** Sign in with a link sent by email: `email_verify`, `email_completing`, and the return from the link. */
export const magicLink = (): LatchPlugin => {
  // Per kit, as each call makes a new plugin; opened on the client only (start).
  let tabs: LinkAcrossTabs | null = null;
  return definePlugin({
    id: "magic-link",
    requires: [embeddedSignerPlugin, mfaPlugin, contactStepUpPlugin],
    signerOptions: EMAIL_SIGNER_OPTIONS,
    /** Registers the return from a link (it completes first; a stored session restores only if there is none) and createAccount by email. */
    setup: (kit) => {
      tabs = new LinkAcrossTabs(kit);
      kit.container.add(SIGN_IN_RETURN, (k) => completeMagicLinkReturn(k, tabs!));
      kit.container.add(ACCOUNT_CREATOR, emailAccountCreator);
      return () => tabs?.close();
    },
    /** Listens for the link followed in another tab of this browser. */
    start: () => tabs?.listen(),
    sections: [defineSection({ type: "email", Component: EmailSection })],
    steps: [
      defineStep({ type: "email_verify", Screen: EmailVerifyScreen, Footer: EmailVerifyFooter, back: "initial" }),
      defineStep({ type: "email_completing", Screen: EmailCompletingScreen, back: null, showBack: false }),
    ],
    authenticators: [emailAuthenticator],
    listeners: [
      defineListener("statusChanged", (status, kit) => {
        if (status === "AWAITING_EMAIL_AUTH") showCheckYourEmail(kit);
      }),
      // The link followed (in this tab or another) signs the user in: the waiting dialog completes.
      defineListener("connected", (_user, kit) => {
        if (kit.isModalOpen() && kit.getStep().type === "email_verify") kit.setStep({ type: "complete" });
      }),
    ],
  });
};

export { emailStrings, EMAIL_STRINGS_TABLE } from "../../lib/sign-in/strings";
export { authenticateWithEmail, type AuthenticateWithEmailParameters, type AuthenticateWithEmailReturnType } from "../../lib/sign-in/actions/authenticateWithEmail";
