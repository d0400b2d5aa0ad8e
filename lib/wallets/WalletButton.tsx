import { Button, Illustration, format, useCss, useStrings } from "latch-kit/react";
import type { WalletEntry } from "./list";
import { WALLET_STRINGS_TABLE, walletStrings } from "./strings";

/** A wallet row: icon, name, and a 'Solana' badge for Solana wallets. Pressing it starts a connect. */
export function WalletButton({ wallet, onPress }: { wallet: WalletEntry; onPress: () => void }) {
  const { css } = useCss();
  const t = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  return (
    <Button
      variant="social"
      onPress={onPress}
      aria-label={format(t.connectWith, { wallet: wallet.chain === "svm" ? `${wallet.name} (${t.solanaBadge})` : wallet.name })}
      data-wallet={wallet.key}
      className={css({ justifyContent: "flex-start" })}
    >
      <WalletIcon wallet={wallet} size={24} />
      <span className={css({ flex: 1, textAlign: "start" })}>{wallet.name}</span>
      {wallet.chain === "svm" && (
        <span
          className={css({
            fontSize: 12,
            fontWeight: 600,
            padding: "2px 8px",
            borderRadius: 999,
            background: "var(--latch-surface)",
            color: "var(--latch-muted)",
            border: "1px solid var(--latch-border)",
          })}
        >
          {t.solanaBadge}
        </span>
      )}
    </Button>
  );
}

export function WalletIcon({ wallet, size }: { wallet: Pick<WalletEntry, "icon">; size: number }) {
  const { css } = useCss();
  if (!wallet.icon) return <Illustration name="wallet" size={size} />;
  return <img src={wallet.icon} alt="" width={size} height={size} className={css({ borderRadius: 6, display: "block" })} />;
}
