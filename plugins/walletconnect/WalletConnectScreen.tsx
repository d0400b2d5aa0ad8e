import { useAtomValue } from "jotai/react";
import type { StepProps } from "latch-kit";
import { format, rendererStrings, useCss, useStrings } from "latch-kit/react";
import { ConnectingView, WalletErrorView, WalletIcon, walletStrings, WALLET_STRINGS_TABLE, cancelWallet } from "../../lib/wallets/index";
import { PairingModal } from "./PairingModal";
import { getWalletConnectState } from "./state";
import { WALLETCONNECT_STRINGS_TABLE, walletConnectStrings } from "./strings";

/** wallet_connect: 'Connecting to WalletConnect', the popup hint, Cancel, contact support; the pairing modal above. */
export function WalletConnectScreen({ kit, step }: StepProps<"wallet_connect">) {
  const { css } = useCss();
  const t = useStrings(WALLETCONNECT_STRINGS_TABLE, walletConnectStrings);
  const w = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  const r = useStrings("renderer", rendererStrings);
  const state = getWalletConnectState(kit);
  const uri = useAtomValue(state.uri, { store: kit.store });
  if (step.error) return <WalletErrorView key={step.error.message} kit={kit} wallet={step.wallet} error={step.error} />;
  const cancel = () => {
    cancelWallet(kit, step.wallet);
    kit.setStep({ type: "initial" });
  };
  const supportUrl = kit.config.ui.supportUrl;
  return (
    <>
      <ConnectingView
        icon={<WalletIcon wallet={step.wallet} size={56} />}
        title={format(w.connectingTo, { wallet: step.wallet.name })}
        hint={t.followPopup}
        onCancel={cancel}
      >
        {supportUrl && (
          <a href={supportUrl} target="_blank" rel="noopener noreferrer" className={css({ color: "var(--latch-link)", fontSize: 14 })}>
            {r.contactSupport}
          </a>
        )}
      </ConnectingView>
      <PairingModal uri={uri} onCancel={cancel} />
    </>
  );
}
