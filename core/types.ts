// Entities shared by core and plugins.

/**
 * Signer statuses: an open union. Core knows the three every kit passes through; each sign-in
 * method adds its own by module augmentation:
 *   declare module "latch-kit" { interface SignerStatusRegistry { AWAITING_OTP_AUTH: true } }
 */
export interface SignerStatusRegistry {
  INITIALIZING: true;
  CONNECTED: true;
  DISCONNECTED: true;
}

export type SignerStatus = keyof SignerStatusRegistry & string;

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
