// QR codes (the MFA setup URL, the wallet pairing URI) and the rules of their options.
import { LatchError } from "./errors";
import { QR_DEFAULT_MARGIN, QR_DEFAULT_SCALE, QR_ERROR_LEVELS, QR_MIN_WIDTH, QR_VERSION_MAX, QR_VERSION_MIN } from "./constants";

/** How a QR code is drawn: version, error level, margin, scale, width and colors. */
export interface QrOptions {
  version?: number;
  errorCorrectionLevel?: (typeof QR_ERROR_LEVELS)[number];
  margin?: number;
  scale?: number;
  /** Pixels; a width below 21 is ignored (scale applies). */
  width?: number;
  color?: { dark?: unknown; light?: unknown };
}

const HEX_COLOR = /^#?(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Returns the value if it is a hex color (`#rgb`, `#rrggbb`, with alpha or not); throws a readable error otherwise. */
export function assertHexColor(value: unknown): string {
  if (typeof value !== "string" || !HEX_COLOR.test(value)) throw new LatchError("Invalid hex color");
  return value.startsWith("#") ? value : `#${value}`;
}

/** Checks the options and fills the defaults (margin 4, scale 4). */
export function resolveQrOptions(options: QrOptions = {}) {
  if (options.version !== undefined && !(Number.isInteger(options.version) && options.version >= QR_VERSION_MIN && options.version <= QR_VERSION_MAX)) {
    throw new LatchError(`Invalid QR Code version: it must be from ${QR_VERSION_MIN} to ${QR_VERSION_MAX}`);
  }
  if (options.errorCorrectionLevel !== undefined && !QR_ERROR_LEVELS.includes(options.errorCorrectionLevel)) {
    throw new LatchError(`Invalid error correction level: it must be one of ${QR_ERROR_LEVELS.join(", ")}`);
  }
  return {
    ...(options.version !== undefined ? { version: options.version } : {}),
    errorCorrectionLevel: options.errorCorrectionLevel ?? "M",
    margin: options.margin ?? QR_DEFAULT_MARGIN,
    scale: options.scale ?? QR_DEFAULT_SCALE,
    ...(options.width !== undefined && options.width >= QR_MIN_WIDTH ? { width: options.width } : {}),
    color: {
      dark: options.color?.dark === undefined ? "#000000ff" : assertHexColor(options.color.dark),
      light: options.color?.light === undefined ? "#ffffffff" : assertHexColor(options.color.light),
    },
  };
}

/** A PNG data URL of the QR code; the QR library loads only when a code is drawn. */
export async function toQrDataUrl(text: string, options: QrOptions = {}): Promise<string> {
  const resolved = resolveQrOptions(options);
  const { toDataURL } = await import("qrcode");
  return toDataURL(text, resolved);
}
