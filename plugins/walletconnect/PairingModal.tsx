import { useEffect, useState } from "react";
import { QR_PAIRING_WIDTH, toQrDataUrl } from "latch-kit";
import { Button, Spinner, useCss, useStrings } from "latch-kit/react";
import { KitModal } from "../wallets/index";
import { WALLETCONNECT_STRINGS_TABLE, walletConnectStrings } from "./strings";

/** The pairing modal: a QR code of width 200, 'Open your wallet and scan this code', 'Waiting for scan', copy link. */
export function PairingModal({ uri, onCancel }: { uri: string | null; onCancel: () => void }) {
  const { css } = useCss();
  const t = useStrings(WALLETCONNECT_STRINGS_TABLE, walletConnectStrings);
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    setCopied(false);
    if (!uri) return;
    let current = true;
    // Black on white whatever the theme, so every wallet's camera reads it.
    toQrDataUrl(uri, { width: QR_PAIRING_WIDTH }).then(
      (src) => current && setQr({ uri, src }),
      (error) => console.warn("[latch] the pairing QR code could not be drawn", error),
    );
    return () => void (current = false);
  }, [uri]);
  const copy = async () => {
    if (!uri) return;
    try {
      await navigator.clipboard.writeText(uri);
      setCopied(true);
    } catch (error) {
      console.warn("[latch] the pairing link could not be copied", error);
    }
  };
  return (
    <KitModal title={t.scanTitle} isOpen={Boolean(uri)} onClose={onCancel}>
      <div
        className={css({ width: QR_PAIRING_WIDTH + 16, height: QR_PAIRING_WIDTH + 16, padding: 8, borderRadius: 12, background: "#ffffff", lineHeight: 0 })}
      >
        {qr && qr.uri === uri && <img src={qr.src} alt={t.qrLabel} width={QR_PAIRING_WIDTH} height={QR_PAIRING_WIDTH} />}
      </div>
      <p role="status" className={css({ margin: 0, display: "flex", alignItems: "center", gap: 8, color: "var(--latch-muted)", fontSize: 14 })}>
        <Spinner size={16} label="" />
        {t.waitingForScan}
      </p>
      <Button variant="secondary" onPress={copy}>
        {copied ? t.copied : t.copyLink}
      </Button>
      <Button variant="link" onPress={onCancel}>
        {t.cancel}
      </Button>
    </KitModal>
  );
}
