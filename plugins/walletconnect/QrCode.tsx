import { useMemo } from "react";
import { qrMatrix, qrPath, type QrOptions } from "./qr";

/** A QR code as SVG (crisp at any zoom), black on white whatever the theme so wallets scan it. */
export function QrCode({ value, label, ...options }: QrOptions & { value: string; label: string }) {
  const matrix = useMemo(() => qrMatrix(value, options), [value, options.width, options.errorCorrectionLevel, options.margin, options.version]);
  const side = matrix.size + matrix.margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={matrix.width}
      height={matrix.width}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill={matrix.light} />
      <path d={qrPath(matrix)} fill={matrix.dark} />
    </svg>
  );
}
