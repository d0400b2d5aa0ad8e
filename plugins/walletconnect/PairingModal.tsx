import { useEffect, useState } from "react";
import { Button, useStrings } from "latch-kit/react";
import { KitModal, PairingQr, PairingStatus } from "../../lib/wallets/index";
import { WALLETCONNECT_STRINGS_TABLE, walletConnectStrings } from "./strings";

/** The pairing modal: a QR code of width 200, 'Open your wallet and scan this code', 'Waiting for scan', copy link. */
export function PairingModal({ uri, onCancel }: { uri: string | null; onCancel: () => void }) {
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
      <PairingQr value={uri} label={t.qrLabel} />
      <PairingStatus text={t.waitingForScan} />
      <Button variant="secondary" onPress={copy}>
        {copied ? t.copied : t.copyLink}
      </Button>
      <Button variant="link" onPress={onCancel}>
        {t.cancel}
      </Button>
    </KitModal>
  );
}
