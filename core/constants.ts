// Business constants and limits. The wire names the kit and the server share live in wire/constants.ts.

/** The kit's version, sent to the backend in a header. */
export const SDK_VERSION = "4.65.0";


/** Default polling of user operation receipts: 5 retries, 2000 ms apart, × 1.5 each time. */
export const RETRY_DEFAULTS = { txMaxRetries: 5, txRetryIntervalMs: 2000, txRetryMultiplier: 1.5 } as const;
/** The most decimals a fee multiplier may have. */
export const FEE_MULTIPLIER_MAX_DECIMALS = 4;
/** The Solana transaction versions the kit builds. */
/** The Solana clusters the kit names. */
/** The Solana commitment levels. */
/** The commitment the kit waits for by default. */


/** How long the dialog shows a code's success before it closes. */
export const OTP_SUCCESS_CLOSE_MS = 1000;
/** How long 'Code sent' shows after a resend. */
export const RESENT_INDICATOR_MS = 2000;
/** How often a pending key-management activity is polled. */
export const ACTIVITY_POLL_INTERVAL_MS = 500;
/** Width of the OAuth popup, in pixels. */
/** Height of the OAuth popup, in pixels. */
/** How often the kit checks whether the OAuth popup was closed. */
/** How long after an OAuth redirect started the kit reports it failed. */

/** Default session lifetime (15 minutes). */
export const DEFAULT_SESSION_EXPIRATION_MS = 900_000;
/** The longest delay a timer can take (larger ones fire at once). */
export const MAX_TIMER_MS = 2_147_483_647;
/** Default storage key of the session. */
export const DEFAULT_SESSION_KEY = "latch-signer-session";
/** Suffix of the storage key of a sign-in in progress. */
export const TEMPORARY_SESSION_SUFFIX = ":temporary";
/** Beside the session: the auth frame's sealed key (sealed in the frame; no server opens it), when the browser blocks the frame's storage. */
export const SEALED_FRAME_KEY_SUFFIX = ":frame-key";
/** Default storage key of the remembered external wallet's name. */
export const DEFAULT_WALLET_STORAGE_KEY = "walletName";
/** How often wallet state is polled. */
export const WALLET_POLLING_INTERVAL_MS = 1000;
/** How long reconnect waits for a remembered wallet to announce itself. */
export const INJECTED_WALLET_LATE_DETECT_MS = 1000;
/** Storage key of the chosen theme. */
export const THEME_STORAGE_KEY = "theme";

/** The key-management provider names the frames; the signer provider names the container and session key. */
export const DEFAULT_IFRAME_CONTAINER_ID = "latch-signer-iframe-container";
/** Default element id of the auth frame. */
export const DEFAULT_IFRAME_ELEMENT_ID = "turnkey-iframe";
/** Default element id of the export frame. */
export const DEFAULT_EXPORT_IFRAME_ELEMENT_ID = "turnkey-export-iframe";
/** Default element id of the export frame's container. */
export const DEFAULT_EXPORT_IFRAME_CONTAINER_ID = "turnkey-export-iframe-container";
/** Default element id of the import frame. */
export const DEFAULT_IMPORT_IFRAME_ELEMENT_ID = "turnkey-import-iframe";
/** Default element id of the import frame's container. */
export const DEFAULT_IMPORT_IFRAME_CONTAINER_ID = "turnkey-import-iframe-container";
/** The local backend's address (`npm run emulator`): the signer URL of development builds that set none. */
export const DEVELOPMENT_SIGNER_URL = "http://localhost:8787";
/** Where a Latch server serves its frames, relative to its URL. */
export const AUTH_FRAME_PATH = "/frames/auth";
/** Where a Latch server serves its export frame, relative to its URL. */
export const EXPORT_FRAME_PATH = "/frames/export";
/** Where a Latch server serves its import frame, relative to its URL. */
export const IMPORT_FRAME_PATH = "/frames/import";
/** How long the auth frame may take to answer its init before we give up with a clear error. */
export const FRAME_INIT_TIMEOUT_MS = 10_000;
/** Ours (the spec names no figure): one call to the signer host, answer included. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Ours: how long logout waits for the server to revoke the session key (the local sign-out is done before). */
export const REVOKE_SESSION_TIMEOUT_MS = 5_000;
/** Ours: how long a key-management activity may stay pending while polled every 500 ms. */
export const ACTIVITY_TIMEOUT_MS = 60_000;


/** Lifetime of the session cookie of `cookieStorage()` (400 days). */
export const COOKIE_STORAGE_LIFETIME_MS = 3456e7;

/** Width of a wallet pairing QR code, in pixels. */
export const QR_PAIRING_WIDTH = 200;
/** The smallest QR code version. */
export const QR_VERSION_MIN = 1;
/** The largest QR code version. */
export const QR_VERSION_MAX = 40;
/** The QR error correction levels. */
export const QR_ERROR_LEVELS = ["L", "M", "Q", "H"] as const;
/** Default QR code margin, in modules. */
export const QR_DEFAULT_MARGIN = 4;
/** Default QR code scale, in pixels per module. */
export const QR_DEFAULT_SCALE = 4;
/** The smallest QR code width that is honoured (narrower ones use the scale). */
export const QR_MIN_WIDTH = 21;

/** Width of the dialog, in pixels. */
export const MODAL_WIDTH_PX = 368;
/** Greatest height of the dialog's body. */
export const MODAL_BODY_MAX_HEIGHT = "60vh";
/** Medium breakpoint: below it the dialog is a bottom sheet. */
export const MEDIUM_BREAKPOINT_PX = 768;
/** How the bottom sheet (small screens) animates and closes on a swipe. */
export const DRAWER = {
  animationSeconds: 0.5,
  closeThreshold: 0.25,
  velocityThreshold: 0.4,
} as const;

/** Defaults of the dialog's and sections' options. */
export const DEFAULTS = { uiMode: "modal" as const } as const;

export { SDK_VERSION_HEADER, OTP_LENGTH, DEFAULT_ROOT_ORG_ID, RETURN_PARAMS } from "../wire/constants";
