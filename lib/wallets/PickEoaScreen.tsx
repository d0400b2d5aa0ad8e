import type { StepProps } from "latch-kit";
import { useCss, useStrings } from "latch-kit/react";
import { walletSectionConfig } from "./config";
import { connectWallet } from "./flow";
import { WALLET_STRINGS_TABLE, walletStrings } from "./strings";
import { useWalletList } from "./useWalletList";
import { WalletButton } from "./WalletButton";

/** pick_eoa: 'Select your wallet' and every available wallet, or 'No wallets available'. */
export function PickEoaScreen({ kit }: StepProps<"pick_eoa">) {
  const { css } = useCss();
  const t = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  const { all } = useWalletList(kit, walletSectionConfig(kit));
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: 16 })}>
      <h2 className={css({ margin: 0, textAlign: "center", fontSize: 20, fontWeight: 700 })}>
        {all.length ? t.selectWallet : t.noWallets}
      </h2>
      {all.length > 0 && (
        <ul aria-label={t.walletListLabel} className={css({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 8 })}>
          {all.map((wallet) => (
            <li key={wallet.key}>
              <WalletButton wallet={wallet} onPress={() => connectWallet(kit, wallet)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
