import { useEffect, useState } from "react";
import { Button, format, useCss, useKit, useStrings } from "latch-kit/react";
import { KitModal, PairingQr, PairingStatus } from "../../lib/wallets/index";
import type { MobileWalletModalError } from "./modal-error";
import { getMobileWallet } from "./registry";
import { MOBILE_WALLET_STRINGS_TABLE, mobileWalletStrings, type MobileWalletStrings } from "./strings";
import { useMobileWallet } from "./useMobileWallet";

/**
 * The mobile wallet's modals: a failed session and the remote association QR code.
 * The sign-in dialog mounts one while a wallet connects; mount one yourself (inside LatchProvider)
 * for sessions your app starts (signing), and the newest mounted one draws.
 */
export function MobileWalletModals() {
  const mobile = getMobileWallet(useKit());
  const state = useMobileWallet();
  const [host, setHost] = useState<{ isActive: () => boolean } | null>(null);
  useEffect(() => {
    if (!mobile) return;
    const claim = mobile.claimModalHost();
    setHost(claim);
    return claim.release;
  }, [mobile]);
  if (!mobile || !host?.isActive()) return null;
  return (
    <>
      <ErrorModal error={state.modalError} onClose={mobile.dismissModal} />
      <AssociationQrModal url={state.associationUrl} onCancel={mobile.cancelAssociation} />
    </>
  );
}

function modalText(error: MobileWalletModalError, t: MobileWalletStrings): string {
  if (error.kind === "not-found") return t.notFound;
  if (error.kind === "browser-unsupported") return t.browserUnsupported;
  return format(t.unexpected, { message: error.cause instanceof Error ? error.cause.message : error.message });
}

function ErrorModal({ error, onClose }: { error: MobileWalletModalError | null; onClose: () => void }) {
  const { css } = useCss();
  const t = useStrings(MOBILE_WALLET_STRINGS_TABLE, mobileWalletStrings);
  return (
    <KitModal title={t.errorTitle} isOpen={Boolean(error)} onClose={onClose}>
      {error && <p className={css({ margin: 0, color: "var(--latch-muted)", fontSize: 14 })}>{modalText(error, t)}</p>}
      <Button variant="primary" onPress={onClose}>
        {t.close}
      </Button>
    </KitModal>
  );
}

function AssociationQrModal({ url, onCancel }: { url: string | null; onCancel: () => void }) {
  const t = useStrings(MOBILE_WALLET_STRINGS_TABLE, mobileWalletStrings);
  return (
    <KitModal title={t.scanTitle} isOpen={Boolean(url)} onClose={onCancel}>
      <PairingQr value={url} label={t.qrLabel} data={url ? { "data-association-url": url } : {}} />
      <PairingStatus text={t.waitingForWallet} />
      <Button variant="link" onPress={onCancel}>
        {t.cancel}
      </Button>
    </KitModal>
  );
}
