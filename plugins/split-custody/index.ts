import { createElement } from "react";
import { CUSTODY_PROMPTS, definePlugin, defineStep, embeddedSignerPlugin, type Kit, type StepProps } from "latch-kit";
import { custodyPrompts } from "./prompts";
import { RecoverySetupScreen } from "./RecoverySetupScreen";
import { RecoveryCodeScreen } from "./RecoveryCodeScreen";
import { RecoverScreen } from "./RecoverScreen";
import "./registry";

/** Options of {@link splitCustody}. */
export interface SplitCustodyOptions {
  /** The relying party of the passkey that locks the recovery share; default the signer frame's host (the passkeys of the server's site). */
  rpId?: string;
}

/**
 * Split custody's screens: before a new wallet is split (so before it can sign or move value) the
 * dialog asks how its recovery share will be locked — the user's passkey (WebAuthn PRF, evaluated in
 * the signer frame) or a recovery code to save — and says what losing every means costs; a device
 * without its share of the wallet gets the recovery screen (passkey or code) when it signs in or
 * first signs. Without this plugin a new wallet is locked with a code the app shows
 * (`getEmbeddedSigner(kit).custody.statusAtom`).
 */
export const splitCustody = (options: SplitCustodyOptions = {}) =>
  definePlugin({
    id: "split-custody",
    requires: [embeddedSignerPlugin],
    steps: [
      defineStep({
        type: "custody_recovery_setup",
        Screen: (props: StepProps<"custody_recovery_setup">) => createElement(RecoverySetupScreen, { ...props, rpId: options.rpId }),
        back: null,
        showBack: false,
      }),
      defineStep({ type: "custody_recovery_code", Screen: RecoveryCodeScreen, back: null, showBack: false, onClose: "complete" }),
      defineStep({
        type: "custody_recover",
        Screen: (props: StepProps<"custody_recover">) => createElement(RecoverScreen, { ...props, rpId: options.rpId }),
        back: null,
        showBack: false,
      }),
    ],
    /** Lends the embedded signer these screens (it asks them instead of locking with a code silently). */
    setup: (kit: Kit) => kit.container.add(CUSTODY_PROMPTS, custodyPrompts(kit)),
  });

export { CUSTODY_STRINGS_TABLE, custodyStrings } from "./strings";
