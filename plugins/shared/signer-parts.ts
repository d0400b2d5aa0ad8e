import { defineAuthenticator, defineListener, getEmbeddedSigner, type Kit, type LatchPlugin } from "latch-kit";
import "./registry";

/** Plugin parts every embedded-signer sign-in method shares: restore on start, logout, linking. */
export const embeddedSignerParts = {
  setup: (kit: Kit) => getEmbeddedSigner(kit).restoreUserSync(),
  start: (kit: Kit) => getEmbeddedSigner(kit).initialize(),
  disconnect: (kit: Kit) => getEmbeddedSigner(kit).disconnect(),
  accountSigners: [
    {
      userType: "sca",
      signMessage: (kit, message) => getEmbeddedSigner(kit).signMessage(message),
      signTypedData: (kit, typedData) => getEmbeddedSigner(kit).signTypedData(typedData),
    },
  ],
  listeners: [
    // An email-auth linking prompt opens the dialog at the code entry for that email (modal mode).
    defineListener("emailAuthLinkingRequired", ({ email }, kit) => {
      if (kit.config.ui.uiMode === "modal") kit.openModal({ type: "otp_verify", email, channel: "email", status: "base" });
    }),
  ],
} satisfies Partial<LatchPlugin>;

export const emailAuthenticator = defineAuthenticator("email", (payload, kit) =>
  getEmbeddedSigner(kit).authenticateWithEmail(payload),
);

export const otpAuthenticator = defineAuthenticator("otp", (payload, kit) =>
  getEmbeddedSigner(kit).submitOtpCode(payload.otpCode, payload.multiFactors),
);

export const smsAuthenticator = defineAuthenticator("sms", (payload, kit) => getEmbeddedSigner(kit).authenticateWithSms(payload));
