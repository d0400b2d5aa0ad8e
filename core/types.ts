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

/** The signer status: `INITIALIZING`, `CONNECTED`, `DISCONNECTED`, or a sign-in method's own. */
export type SignerStatus = keyof SignerStatusRegistry & string;

/** The signed-in user: an embedded smart-account user (`sca`) or an external wallet (`eoa`). */
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
  /**
   * Where the embedded wallet's key lives when it is not on the server alone: `split` (2-of-3 shares:
   * this device's signer frame, the server, a recovery box) or `pending` (split at this sign-in; a
   * new account on a split server gets its wallet generated in the signer frame then, and its
   * `address` and `solanaAddress` are empty until that is done, before anything can be signed).
   * Absent: server custody.
   */
  custody?: "pending" | "split";
}

/**
 * The chain families (an open registry): `evm` and `svm` (Solana); a plugin for another family adds
 * its own: `declare module "latch-kit" { interface ChainTypeRegistry { cosmos: true } }`.
 */
export interface ChainTypeRegistry {
  evm: true;
  svm: true;
}
/** A chain family: `evm`, `svm` (Solana), or one a plugin registered. */
export type ChainType = keyof ChainTypeRegistry & string;
/** How the dialog shows: as a modal, or embedded in the page. */
export type UiMode = "modal" | "embedded";
/** The style of the dialog's illustrations. */
export type IllustrationStyle = "outline" | "linear" | "filled" | "flat";
/** The color scheme: light, dark, or the system's. */
export type ThemeMode = "light" | "dark" | "system";

/** Options every public async action takes: `signal` lets the caller give up. */
export interface AbortOptions {
  /** Aborting rejects the action at once with the signal's reason (an `AbortError` unless given one) and stops its requests and polling. */
  signal?: AbortSignal;
}
