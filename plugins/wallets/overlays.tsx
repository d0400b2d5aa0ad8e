import type { ComponentType } from "react";
import type { InjectionToken } from "tsyringe";
import type { Kit } from "latch-kit";

/**
 * Components a wallet plugin draws above eoa_connect while its wallet connects (the mobile wallet's
 * QR code and error modals). Registered in the kit's container; none by default.
 */
export const WALLET_OVERLAY = Symbol.for("latch.wallets.Overlay") as InjectionToken<ComponentType>;

export function WalletOverlays({ kit }: { kit: Kit }) {
  const overlays = kit.container.isRegistered(WALLET_OVERLAY, false) ? kit.container.resolveAll(WALLET_OVERLAY) : [];
  return (
    <>
      {overlays.map((Overlay, n) => (
        <Overlay key={n} />
      ))}
    </>
  );
}
