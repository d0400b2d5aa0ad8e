import { createKit, type Kit, type LatchPlugin, type SectionConfig } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { emulatorUrl, type PlaygroundConfig } from "./config";

export interface EventLogEntry {
  at: number;
  event: string;
  detail: string;
}

/** Builds the kit an app developer would build for this configuration, against the emulator. */
export function buildKit(config: PlaygroundConfig, onAuthSuccess: () => void): Kit {
  const url = emulatorUrl();
  const plugins: LatchPlugin[] = [];
  if (config.emailMode !== "magicLink") plugins.push(emailOtp());
  if (config.emailMode !== "otp") plugins.push(magicLink());
  if (config.sms) plugins.push(sms());
  const sections: SectionConfig[][] = [[{ type: "email" }]];
  if (config.sms) sections.push([{ type: "sms" }]);
  return createKit({
    plugins,
    signer: {
      url,
      authFrameUrl: `${url}/frames/auth`,
      exportFrameUrl: `${url}/frames/export`,
      expirationTimeMs: config.sessionMs,
      ...(config.emailMode === "server" ? {} : { emailMode: config.emailMode }),
    },
    ui: {
      uiMode: config.uiMode,
      theme: config.theme,
      ...(config.supportUrl ? { supportUrl: config.supportUrl } : {}),
      auth: {
        sections,
        hideSignInText: config.hideSignInText,
        ...(config.header ? { header: config.header } : {}),
      },
      onAuthSuccess,
    },
  });
}
