import { useEffect, useState } from "react";
import { styles } from "./styles";

export interface BackendStatus {
  emulator: { url: string; up: boolean };
  devnet: { url: string; up: boolean };
  solana: { url: string; up: boolean };
}

/**
 * Says how to start the emulator (and the devnet) when they do not answer. The dev server checks
 * them (playground/backend-status.ts), so the page makes no failing request of its own.
 */
export function BackendBanner() {
  const [status, setStatus] = useState<BackendStatus | null>(null);
  useEffect(() => {
    let stopped = false;
    const check = () =>
      fetch("/__latch/status")
        .then((r) => (r.ok ? (r.json() as Promise<BackendStatus>) : null))
        .then((s) => !stopped && s && setStatus(s))
        .catch(() => {});
    void check();
    const timer = setInterval(check, 5000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (!status) return null;
  return (
    <>
      {!status.emulator.up && (
        <div role="alert" className={styles.banner} data-testid="emulator-down">
          The local emulator at {status.emulator.url} is not running, so sign-in cannot work. Start everything with <code>npm start</code>, or only the
          emulator with <code>npm run emulator</code>.
        </div>
      )}
      {(!status.devnet.up || !status.solana.up) && (
        <div role="status" className={styles.note} data-testid="devnet-down">
          {!status.devnet.up && !status.solana.up
            ? `The devnet is not running (EVM ${status.devnet.url}, Solana ${status.solana.url})`
            : !status.devnet.up
              ? `The EVM devnet (${status.devnet.url}) is not running`
              : `The local Solana RPC (${status.solana.url}) is not running`}
          : smart accounts, Solana transfers and the dev wallets' transactions need it. Start everything with <code>npm start</code>, or only
          the chains with <code>npm run devnet</code> and <code>npm run solana</code>.
        </div>
      )}
    </>
  );
}
