// QR options of spec §9 (versions 1–40, levels L/M/Q/H, margin 4, scale 4, width below 21 ignored)
// and §5 (hex colours of 3, 4, 6 or 8 digits, else 'Invalid hex color'), over the `qr` encoder.
import encodeQR, { type ErrorCorrection } from "qr";
import { QR_DEFAULT_MARGIN, QR_DEFAULT_SCALE, QR_MIN_WIDTH, QR_VERSION_MAX, QR_VERSION_MIN, LatchError } from "latch-kit";

export type QrErrorLevel = "L" | "M" | "Q" | "H";

export interface QrOptions {
  errorCorrectionLevel?: QrErrorLevel;
  version?: number;
  margin?: number;
  scale?: number;
  /** Rendered width in px; below 21 it is ignored and scale decides. */
  width?: number;
  color?: { dark?: string; light?: string };
}

const LEVELS: Record<QrErrorLevel, ErrorCorrection> = { L: "low", M: "medium", Q: "quartile", H: "high" };

/** '#rgb', '#rgba', '#rrggbb' or '#rrggbbaa' (the '#' optional) as '#rrggbbaa'. */
export function parseHexColor(value: unknown): string {
  if (typeof value !== "string") throw new LatchError("Invalid hex color");
  let hex = value.replace(/^#/, "");
  if (!/^[0-9a-f]+$/i.test(hex) || ![3, 4, 6, 8].includes(hex.length)) throw new LatchError("Invalid hex color");
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  if (hex.length === 6) hex += "ff";
  return `#${hex.toLowerCase()}`;
}

export interface QrMatrix {
  modules: boolean[][];
  /** Modules per side, margin excluded. */
  size: number;
  margin: number;
  /** Rendered px per side. */
  width: number;
  dark: string;
  light: string;
}

export function qrMatrix(text: string, options: QrOptions = {}): QrMatrix {
  const { version } = options;
  if (version !== undefined && (!Number.isInteger(version) || version < QR_VERSION_MIN || version > QR_VERSION_MAX)) {
    throw new LatchError(`Invalid QR Code version: ${version}`);
  }
  const level = options.errorCorrectionLevel ?? "M";
  if (!(level in LEVELS)) throw new LatchError(`Unknown error correction level: ${String(level)}`);
  const margin = options.margin ?? QR_DEFAULT_MARGIN;
  // The encoder wants a quiet zone of at least one module; we draw our own margin, so strip it.
  const modules = encodeQR(text, "raw", { ecc: LEVELS[level], border: 1, ...(version ? { version } : {}) })
    .slice(1, -1)
    .map((row) => row.slice(1, -1));
  const size = modules.length;
  const natural = (size + margin * 2) * (options.scale ?? QR_DEFAULT_SCALE);
  const width = options.width !== undefined && options.width >= QR_MIN_WIDTH ? options.width : natural;
  return {
    modules,
    size,
    margin,
    width,
    dark: parseHexColor(options.color?.dark ?? "#000000ff"),
    light: parseHexColor(options.color?.light ?? "#ffffffff"),
  };
}

/** One SVG path of the dark modules, in module units offset by the margin. */
export function qrPath({ modules, margin }: Pick<QrMatrix, "modules" | "margin">): string {
  let d = "";
  modules.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) d += `M${x + margin} ${y + margin}h1v1h-1z`;
    });
  });
  return d;
}
