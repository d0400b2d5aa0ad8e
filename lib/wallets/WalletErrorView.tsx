import { useState } from "react";
import type { Kit } from "latch-kit";
import { ErrorPanel, useStrings } from "latch-kit/react";
import { walletErrorText } from "./error-text";
import { disconnectWallet, retryWallet } from "./flow";
import type { WalletEntry } from "./list";
import { walletSource } from "./sources";
import { WALLET_STRINGS_TABLE, walletStrings } from "./strings";
import { WalletIcon } from "./WalletButton";
import { WalletNotFoundModal } from "./WalletNotFoundModal";

/** A fallback wallet directory for 'Find a wallet' when the source names none. */
export const DEFAULT_FIND_WALLET_URL = "https://ethereum.org/wallets/find-wallet/";

/**
 * The wallet error view: it disconnects the wallet on show (unless told not to); Try again
 * reconnects the same wallet on the current chain; Use another method goes to pick_eoa.
 */
export function WalletErrorView({ kit, wallet, error, disconnectOnShow = true }: { kit: Kit; wallet: WalletEntry; error: Error; disconnectOnShow?: boolean }) {
  const t = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  const text = walletErrorText(error, wallet.name, t);
  const [notFoundOpen, setNotFoundOpen] = useState(text.kind === "not-found");
  const differentWallet = text.kind === "unsupported-network";
  return (
    <>
      <ErrorPanel
        heading={text.heading}
        body={text.body}
        icon={<WalletIcon wallet={wallet} size={48} />}
        onShow={disconnectOnShow ? () => void disconnectWallet(kit, wallet) : undefined}
        // With an unsupported network, trying again means another wallet.
        onTryAgain={() => (differentWallet ? kit.setStep({ type: "pick_eoa" }) : retryWallet(kit, wallet))}
        onUseAnotherMethod={() => kit.setStep(differentWallet ? { type: "initial" } : { type: "pick_eoa" })}
      />
      {text.kind === "not-found" && (
        <WalletNotFoundModal
          isOpen={notFoundOpen}
          onClose={() => setNotFoundOpen(false)}
          findWalletUrl={walletSource(kit, wallet.source)?.findWalletUrl ?? DEFAULT_FIND_WALLET_URL}
        />
      )}
    </>
  );
}
