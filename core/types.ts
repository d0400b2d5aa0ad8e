// Entities of spec §3 shared by core and plugins.

export type SignerStatus =
  | "INITIALIZING"
  | "AUTHENTICATING_EMAIL"
  | "AUTHENTICATING_PASSKEY"
  | "AUTHENTICATING_OAUTH"
  | "AUTHENTICATING_JWT"
  | "AWAITING_EMAIL_AUTH"
  | "AWAITING_SMS_AUTH"
  | "AWAITING_OTP_AUTH"
  | "AWAITING_MFA_AUTH"
  | "CONNECTED"
  | "DISCONNECTED";

export interface User {
  /** 'sca' for an embedded smart-account user, 'eoa' for an external wallet. */
  type: "sca" | "eoa";
  userId: string;
  orgId: string;
  address: `0x${string}`;
  solanaAddress?: string;
  email?: string;
  phone?: string;
  idToken?: string;
  claims?: Record<string, unknown>;
  accessToken?: string;
  credentialId?: string;
}

export type ChainType = "evm" | "svm";
export type UiMode = "modal" | "embedded";
export type IllustrationStyle = "outline" | "linear" | "filled" | "flat";
export type ThemeMode = "light" | "dark" | "system";
