// Business constants and limits. The wire names the kit and the server share live in wire/constants.ts.

export const SDK_VERSION = "4.65.0";


export const RETRY_DEFAULTS = { txMaxRetries: 5, txRetryIntervalMs: 2000, txRetryMultiplier: 1.5 } as const;
export const FEE_MULTIPLIER_MAX_DECIMALS = 4;
export const SOLANA_TRANSACTION_VERSIONS = ["legacy", 0] as const;
export const SOLANA_NETWORKS = ["mainnet-beta", "testnet", "devnet"] as const;
export const SOLANA_COMMITMENTS = ["processed", "confirmed", "finalized"] as const;
export const SOLANA_DEFAULT_COMMITMENT = "confirmed" as const;

export const API_KEY_CURVE = "P-256" as const;

export const OTP_SUCCESS_CLOSE_MS = 1000;
export const RESENT_INDICATOR_MS = 2000;
export const ACTIVITY_POLL_INTERVAL_MS = 500;
export const OAUTH_POPUP_WIDTH = 500;
export const OAUTH_POPUP_HEIGHT = 600;
export const OAUTH_POPUP_CLOSED_CHECK_MS = 500;
export const OAUTH_REDIRECT_FAILURE_MS = 1000;

export const DEFAULT_SESSION_EXPIRATION_MS = 900_000;
export const MAX_TIMER_MS = 2_147_483_647;
export const DEFAULT_SESSION_KEY = "latch-signer-session";
export const TEMPORARY_SESSION_SUFFIX = ":temporary";
/** Beside the session: the auth frame's server-sealed key, when the browser blocks the frame's storage. */
export const SEALED_FRAME_KEY_SUFFIX = ":frame-key";
export const DEFAULT_WALLET_STORAGE_KEY = "walletName";
export const WALLET_POLLING_INTERVAL_MS = 1000;
export const REVOKE_PERMISSIONS_TIMEOUT_MS = 100;
export const INJECTED_WALLET_LATE_DETECT_MS = 1000;
export const THEME_STORAGE_KEY = "theme";

/** The key-management provider names the frames; the signer provider names the container and session key. */
export const DEFAULT_IFRAME_CONTAINER_ID = "latch-signer-iframe-container";
export const DEFAULT_IFRAME_ELEMENT_ID = "turnkey-iframe";
export const DEFAULT_EXPORT_IFRAME_ELEMENT_ID = "turnkey-export-iframe";
export const DEFAULT_EXPORT_IFRAME_CONTAINER_ID = "turnkey-export-iframe-container";
/** The local backend's address (`npm run emulator`): the signer URL of development builds that set none. */
export const DEVELOPMENT_SIGNER_URL = "http://localhost:8787";
/** Where a Latch server serves its frames, relative to its URL. */
export const AUTH_FRAME_PATH = "/frames/auth";
export const EXPORT_FRAME_PATH = "/frames/export";
/** How long the auth frame may take to answer its init before we give up with a clear error. */
export const FRAME_INIT_TIMEOUT_MS = 10_000;
/** Ours (the spec names no figure): one call to the signer host, answer included. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Ours: how long a key-management activity may stay pending while polled every 500 ms. */
export const ACTIVITY_TIMEOUT_MS = 60_000;


export const COOKIE_STORAGE_LIFETIME_MS = 3456e7;

export const QR_PAIRING_WIDTH = 200;
export const QR_VERSION_MIN = 1;
export const QR_VERSION_MAX = 40;
export const QR_ERROR_LEVELS = ["L", "M", "Q", "H"] as const;
export const QR_DEFAULT_MARGIN = 4;
export const QR_DEFAULT_SCALE = 4;
export const QR_MIN_WIDTH = 21;

export const MODAL_WIDTH_PX = 368;
export const MODAL_BODY_MAX_HEIGHT = "60vh";
/** Medium breakpoint: below it the dialog is a bottom sheet. */
export const MEDIUM_BREAKPOINT_PX = 768;
export const DRAWER = {
  animationSeconds: 0.5,
  closeThreshold: 0.25,
  velocityThreshold: 0.4,
  furtherVelocityThreshold: 2,
  scrollLockTimeoutMs: 100,
} as const;
export const SELECT_TYPEAHEAD_RESET_MS = 1000;

export const MOBILE_WALLET = {
  overallTimeoutMs: 30_000,
  retryDelaysMs: [150, 150, 200, 500, 500, 750, 750, 1000],
  associationPortMin: 49152,
  associationPortMax: 65535,
  walletOpenDetectMs: 3000,
  sequenceNumberBytes: 4,
} as const;

export const DEFAULTS = {
  numFeaturedWallets: Number.POSITIVE_INFINITY,
  chainType: ["evm", "svm"] as const,
  emailMode: "OTP" as const,
  enablePopupOauth: false,
  uiMode: "modal" as const,
} as const;

export { SDK_VERSION_HEADER, OTP_LENGTH, DEFAULT_ROOT_ORG_ID, RETURN_PARAMS } from "../wire/constants";
