import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { LatchProvider, useTheme } from "latch-kit/react";
import type { Kit, ThemeMode } from "latch-kit";
import { addMfa, verifyMfa, type AddMfaParameters, type VerifyMfaParameters } from "latch-kit/plugins/mfa";
import { defaultConfig, readConfig, solanaRpcUrl, writeConfig, type PlaygroundConfig } from "./config";
import { describeKit } from "./methods";
import { buildKit, watchKit, type EventLogEntry } from "./kit";
import { setDevWallets } from "./dev-wallets";
import { setDevSolanaWallet } from "./dev-solana-wallet";
import { enableWalletConnectOffline } from "./walletconnect-offline";
import { ConfigPanel } from "./ConfigPanel";
import { CodePanel } from "./CodePanel";
import { TryPanel } from "./TryPanel";
import { BackendBanner } from "./BackendBanner";
import { styles } from "./styles";

const darkQuery = "(prefers-color-scheme: dark)";
const subscribeDark = (listener: () => void) => {
  const media = matchMedia(darkQuery);
  media.addEventListener("change", listener);
  return () => media.removeEventListener("change", listener);
};

// One kit per configuration: StrictMode renders twice, and a kit per render would leave orphans.
let cached: { key: string; kit: Kit } | null = null;

export function App() {
  const [config, setConfig] = useState<PlaygroundConfig>(() => readConfig(location.search));
  const [events, setEvents] = useState<EventLogEntry[]>([]);
  const nextId = useRef(0);
  const log = (event: string, detail: string) =>
    setEvents((list) => [{ id: nextId.current++, at: Date.now(), event, detail }, ...list].slice(0, 100));
  const logRef = useRef(log);
  logRef.current = log;

  const description = useMemo(() => describeKit(config), [config]);
  const key = writeConfig(config);
  const built = useMemo((): { kit: Kit; error?: undefined } | { kit?: undefined; error: Error } => {
    if (cached?.key === key) return { kit: cached.kit };
    // Before the kit: its wallet discovery asks the page's wallets to announce themselves.
    const walletSection = config.devWallets && config.sections.flat().includes("wallets");
    setDevWallets(walletSection, __DEVNET_RPC_URL__);
    setDevSolanaWallet(walletSection && config.walletsChains.includes("svm"), solanaRpcUrl());
    // Before the kit: the WalletConnect SDK reads it when the kit pairs or restores a session.
    if (config.walletConnect) enableWalletConnectOffline();
    try {
      const kit = buildKit(description, () => logRef.current("onAuthSuccess", ""));
      cached = { key, kit };
      return { kit };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [key, description, config.devWallets, config.sections, config.walletsChains, config.walletConnect]);

  useEffect(() => {
    const kit = built.kit;
    if (!kit) return;
    // For the browser console and the end-to-end tests: the playground's live kit.
    (window as unknown as { __latchKit?: Kit }).__latchKit = kit;
    // The MFA actions, bound to this kit (the browser tests enrol a factor with them).
    Object.assign(window, { __latchMfa: { addMfa: (p: AddMfaParameters) => addMfa(kit, p), verifyMfa: (p: VerifyMfaParameters) => verifyMfa(kit, p) } });
    const off = watchKit(kit, (event, detail) => logRef.current(event, detail));
    return () => {
      off();
      // The kit is replaced: end it (its frame, its wallet watchers), unless it is still the current
      // one (StrictMode runs effects twice on the same kit).
      setTimeout(() => cached?.kit !== kit && kit.destroy(), 0);
    };
  }, [built.kit]);

  const update = (next: PlaygroundConfig) => {
    const query = writeConfig(next);
    history.replaceState(null, "", query ? `?${query}` : location.pathname);
    setConfig(next);
  };

  const prefersDark = useSyncExternalStore(subscribeDark, () => matchMedia(darkQuery).matches);
  const pageTheme = config.theme === "system" ? (prefersDark ? "dark" : "light") : config.theme;

  return (
    <div className={styles.page} data-theme={pageTheme}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Latch playground</h1>
          <p className={styles.subtitle}>Configure the sign-in dialog, try it against the local emulator, copy the code.</p>
        </div>
        <nav className={styles.nav} aria-label="Development tools">
          <a href={`${__EMULATOR_URL__}/dev/inbox`} target="_blank" rel="noreferrer">
            Dev inbox (codes and links)
          </a>
          <a href={`${__EMULATOR_URL__}/idp/google/.well-known/openid-configuration`} target="_blank" rel="noreferrer">
            Dev identity provider (OIDC)
          </a>
        </nav>
      </header>
      <BackendBanner />
      <main className={styles.main}>
        <div className={styles.area("config")}>
          <ConfigPanel config={config} onChange={update} onReset={() => update(defaultConfig)} />
        </div>
        {built.kit ? (
          <LatchProvider kit={built.kit} key={key}>
            <ThemeSync mode={config.theme} />
            <div className={styles.area("try")}>
              <TryPanel config={config} events={events} onClearEvents={() => setEvents([])} />
            </div>
          </LatchProvider>
        ) : (
          <div className={styles.area("try")}>
            <section className={styles.card} role="alert">
              <h2 className={styles.h2}>The kit refused this configuration</h2>
              <p className={styles.error}>{built.error.message}</p>
            </section>
          </div>
        )}
        <div className={styles.area("code")}>
          <CodePanel description={description} />
        </div>
      </main>
    </div>
  );
}

/**
 * `ui.theme` is the starting theme when the user has not chosen one (stored under `theme`). The
 * playground's theme control stands for that choice, so it sets the stored one too.
 */
function ThemeSync({ mode }: { mode: ThemeMode }) {
  const { setMode } = useTheme();
  useEffect(() => setMode(mode), [mode, setMode]);
  return null;
}
