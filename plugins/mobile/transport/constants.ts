// The Mobile Wallet Adapter connection figures our transport keeps.

/** Local association ports: the dynamic range, from… */
export const MWA_ASSOCIATION_PORT_MIN = 49152;
/** …to (inclusive). */
export const MWA_ASSOCIATION_PORT_MAX = 65535;
/** Waits between failed dials of the wallet's socket; the last one repeats. */
export const MWA_RETRY_DELAYS_MS: readonly number[] = [150, 150, 200, 500, 500, 750, 750, 1000];
/** A failed dial this long after the first one gives up (the user picks a wallet, the app starts). */
export const MWA_CONNECT_TIMEOUT_MS = 30_000;
/** The page must lose focus (the wallet app came to the front) this soon after the hand-off. */
export const MWA_WALLET_OPEN_DETECTION_MS = 3000;
/** The WebSocket subprotocol of associations. */
export const MWA_WEBSOCKET_PROTOCOL = "com.solana.mobilewalletadapter.v1";
/** Its base64 variant (text frames), which a reflector may pick. */
export const MWA_WEBSOCKET_PROTOCOL_BASE64 = "com.solana.mobilewalletadapter.v1.base64";
/** Sequence numbers: 4 bytes, big-endian, counted from 1 by each side. */
export const MWA_SEQUENCE_NUMBER_BYTES = 4;
/** AES-GCM initialization vector of each frame, random. */
export const MWA_IV_BYTES = 12;
/** The session key: AES-128-GCM… */
export const MWA_AES_KEY_BITS = 128;
/** …with a 128-bit tag. */
export const MWA_AES_TAG_BITS = 128;
/** The curve of the association key (ECDSA) and of the session's key agreement (ECDH). */
export const MWA_CURVE = "P-256";
/** An uncompressed P-256 public key. */
export const MWA_PUBLIC_KEY_BYTES = 65;
/** An ECDSA P-256 signature (r ‖ s). */
export const MWA_SIGNATURE_BYTES = 64;
/** The protocol versions this app speaks, sent in association URLs. */
export const MWA_PROTOCOL_VERSIONS: readonly string[] = ["v1"];
