import { useEffect, useState } from "react";
import { QR_PAIRING_WIDTH, toQrDataUrl } from "latch-kit";
import { Spinner, useCss } from "latch-kit/react";

/**
 * A pairing link drawn as a QR code of the spec's width, black on white whatever the theme so every
 * wallet's camera reads it (the remote-pairing and remote-association modals). `qrcode` loads on demand.
 */
export function PairingQr({ value, label, data }: { value: string | null; label: string; data?: Record<`data-${string}`, string> }) {
  const { css } = useCss();
  const [qr, setQr] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    if (!value) return;
    let current = true;
    toQrDataUrl(value, { width: QR_PAIRING_WIDTH }).then(
      (src) => current && setQr({ value, src }),
      (error) => console.warn("[latch] the pairing QR code could not be drawn", error),
    );
    return () => void (current = false);
  }, [value]);
  return (
    <div className={css({ width: QR_PAIRING_WIDTH + 16, height: QR_PAIRING_WIDTH + 16, padding: 8, borderRadius: 12, background: "#ffffff", lineHeight: 0 })}>
      {qr && qr.value === value && <img src={qr.src} alt={label} width={QR_PAIRING_WIDTH} height={QR_PAIRING_WIDTH} {...data} />}
    </div>
  );
}

/** The 'waiting' line under a pairing QR code: a spinner and the text, announced politely. */
export function PairingStatus({ text }: { text: string }) {
  const { css } = useCss();
  return (
    <p role="status" className={css({ margin: 0, display: "flex", alignItems: "center", gap: 8, color: "var(--latch-muted)", fontSize: 14 })}>
      <Spinner size={16} label="" />
      {text}
    </p>
  );
}
