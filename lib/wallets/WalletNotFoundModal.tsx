import { Button, useCss, useStrings } from "latch-kit/react";
import { KitModal } from "./KitModal";
import { WALLET_STRINGS_TABLE, walletStrings } from "./strings";

/** The 'We can't find a wallet' error modal; 'Find a wallet' opens a wallet directory in a new tab. */
export function WalletNotFoundModal({ isOpen, onClose, findWalletUrl }: { isOpen: boolean; onClose: () => void; findWalletUrl: string }) {
  const { css } = useCss();
  const t = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  return (
    <KitModal title={t.noWalletTitle} isOpen={isOpen} onClose={onClose}>
      <p className={css({ margin: 0, color: "var(--latch-muted)", fontSize: 14 })}>{t.noWalletBody}</p>
      <Button variant="primary" onPress={() => window.open(findWalletUrl, "_blank", "noopener,noreferrer")}>
        {t.findWallet}
      </Button>
      <Button variant="link" onPress={onClose}>
        {t.close}
      </Button>
    </KitModal>
  );
}
