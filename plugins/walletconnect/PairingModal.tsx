import { useEffect, useState } from "react";
import { QR_PAIRING_WIDTH } from "latch-kit";
import { Button, Spinner, useCss, useStrings } from "latch-kit/react";
import { KitModal } from "../wallets/index";
import { QrCode } from "./QrCode";
import { WALLETCONNECT_STRINGS_TABLE, walletConnectStrings } from "./strings";

/** The pairing modal: a QR code of width 200, 'Open your wallet and scan this code', 'Waiting for scan', copy link. */
export function PairingModal({ uri, onCancel }: { uri: string | null; onCancel: () => void }) {
  const { css } = useCss();
  const t = useStrings(WALLETCONNECT_STRINGS_TABLE, walletConnectStrings);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [uri]);
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
      {uri && (
        <div className={css({ padding: 8, borderRadius: 12, background: "#ffffff", lineHeight: 0 })}>
          <QrCode value={uri} width={QR_PAIRING_WIDTH} label={t.qrLabel} />
        </div>
      )}
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
