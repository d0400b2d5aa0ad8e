import type { ReactNode } from "react";
import type { StepProps } from "latch-kit";
import { Button, StepColumn, StepHeading, format, useCss, useStrings } from "latch-kit/react";
import { cancelWallet } from "./flow";
import { WALLET_STRINGS_TABLE, walletStrings } from "./strings";
import { WalletIcon } from "./WalletButton";
import { WalletErrorView } from "./WalletErrorView";
import { WalletOverlays } from "./overlays";

/** eoa_connect: the connecting view or the error view, and what wallet plugins draw above it. */
export function EoaConnectScreen(props: StepProps<"eoa_connect">) {
  return (
    <>
      <EoaConnectBody {...props} />
      <WalletOverlays kit={props.kit} />
    </>
  );
}

/** 'Connecting to {wallet name}', a pulsing wallet icon, the hint, Cancel → initial; or the error view. */
function EoaConnectBody({ kit, step }: StepProps<"eoa_connect">) {
  const t = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  if (step.error) return <WalletErrorView key={step.error.message} kit={kit} wallet={step.wallet} error={step.error} />;
  return (
    <ConnectingView
      icon={<WalletIcon wallet={step.wallet} size={56} />}
      title={format(t.connectingTo, { wallet: step.wallet.name })}
      hint={t.followWallet}
      onCancel={() => {
        cancelWallet(kit, step.wallet);
        kit.setStep({ type: "initial" });
      }}
    />
  );
}

/** The connecting layout shared with wallet_connect: pulsing icon, title, hint, Cancel, optional extra. */
export function ConnectingView({
  icon,
  title,
  hint,
  onCancel,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { css } = useCss();
  const t = useStrings(WALLET_STRINGS_TABLE, walletStrings);
  return (
    <StepColumn>
      <StepHeading
        icon={
          <div
            data-pulse
            className={css({
              display: "flex",
              padding: 12,
              borderRadius: 16,
              background: "var(--latch-surface)",
              animation: "latch-wallet-pulse 1.6s ease-in-out infinite",
              "@keyframes latch-wallet-pulse": {
                "0%, 100%": { transform: "scale(1)", opacity: 1 },
                "50%": { transform: "scale(1.08)", opacity: 0.65 },
              },
              "@media (prefers-reduced-motion: reduce)": { animation: "none" },
            })}
          >
            {icon}
          </div>
        }
        title={title}
        body={hint}
      />
      <Button variant="secondary" onPress={onCancel}>
        {t.cancel}
      </Button>
      {children}
    </StepColumn>
  );
}
