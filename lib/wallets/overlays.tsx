import type { ComponentType } from "react";
import { token, type Kit } from "latch-kit";

/**
 * Components a wallet plugin draws above eoa_connect while its wallet connects (the mobile wallet's
 * QR code and error modals). Registered in the kit's container; none by default.
 */
export const WALLET_OVERLAY = token<ComponentType>("latch.wallets.Overlay");

export function WalletOverlays({ kit }: { kit: Kit }) {
  const overlays = kit.container.all(WALLET_OVERLAY);
  return (
    <>
      {overlays.map((Overlay, n) => (
        <Overlay key={n} />
      ))}
    </>
  );
}
