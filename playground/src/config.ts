// The playground's configuration lives in the URL, so a reload keeps it and a link shares it.

export interface PlaygroundConfig {
  /** 'server' lets the emulator's signer-config decide. */
  emailMode: "otp" | "magicLink" | "server";
  sms: boolean;
  /** Session length in ms. */
  sessionMs: number;
  uiMode: "modal" | "embedded";
  theme: "light" | "dark" | "system";
  hideSignInText: boolean;
  header: string;
  supportUrl: string;
}

export const defaultConfig: PlaygroundConfig = {
  emailMode: "server",
  sms: true,
  sessionMs: 900_000,
  uiMode: "modal",
  theme: "system",
  hideSignInText: false,
  header: "",
  supportUrl: "",
};

export function readConfig(search: string): PlaygroundConfig {
  const params = new URLSearchParams(search);
  const config = { ...defaultConfig };
  const emailMode = params.get("emailMode");
  if (emailMode === "otp" || emailMode === "magicLink" || emailMode === "server") config.emailMode = emailMode;
  if (params.has("sms")) config.sms = params.get("sms") !== "0";
  const sessionMs = Number(params.get("sessionMs"));
  if (Number.isInteger(sessionMs) && sessionMs > 0) config.sessionMs = sessionMs;
  const uiMode = params.get("uiMode");
  if (uiMode === "modal" || uiMode === "embedded") config.uiMode = uiMode;
  const theme = params.get("theme");
  if (theme === "light" || theme === "dark" || theme === "system") config.theme = theme;
  if (params.has("hideSignInText")) config.hideSignInText = params.get("hideSignInText") === "1";
  config.header = params.get("header") ?? "";
  config.supportUrl = params.get("supportUrl") ?? "";
  return config;
}

export function writeConfig(config: PlaygroundConfig): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(config) as Array<[keyof PlaygroundConfig, unknown]>) {
    if (value === defaultConfig[key]) continue;
    params.set(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
  }
  return params.toString();
}

export const emulatorUrl = (): string => __EMULATOR_URL__;
