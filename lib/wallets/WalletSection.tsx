import type { SectionProps } from "latch-kit";
import { Button, useCss, useStrings } from "latch-kit/react";
import type { ExternalWalletsSectionConfig } from "./config";
import { connectWallet } from "./flow";
import { WALLET_STRINGS_TABLE, walletStrings } from "./strings";
import { useWalletList } from "./useWalletList";
import { WalletButton } from "./WalletButton";

/**
 * The `external_wallets` section: up to numFeaturedWallets configured wallets, then 'More wallets'
 * (moreButtonText, hidden by hideMoreButton); with none to feature, 'Continue with a wallet'.
 */
export function WalletSection({ kit, config }: SectionProps<ExternalWalletsSectionConfig>) {
  const { css } = useCss();
  const t = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  const { configured } = useWalletList(kit, config);
  const featured = configured.slice(0, config.numFeaturedWallets ?? Number.POSITIVE_INFINITY);
  const openList = () => kit.setStep({ type: "pick_eoa" });
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: 8 })} data-latch-section="external_wallets">
      {featured.map((wallet) => (
        <WalletButton key={wallet.key} wallet={wallet} onPress={() => connectWallet(kit, wallet)} />
      ))}
      {featured.length === 0 ? (
        <Button variant="secondary" onPress={openList}>
          {t.continueWithWallet}
        </Button>
      ) : (
        !config.hideMoreButton && (
          <Button variant="secondary" onPress={openList}>
            {config.moreButtonText ?? t.moreWallets}
          </Button>
        )
      )}
    </div>
  );
}
