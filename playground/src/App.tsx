import { useEffect, useMemo, useState } from "react";
import { LatchProvider } from "latch-kit/react";
import type { Kit } from "latch-kit";
import { readConfig, writeConfig, type PlaygroundConfig } from "./config";
import { buildKit, type EventLogEntry } from "./kit";
import { AccountPanel } from "./AccountPanel";
import { ConfigPanel } from "./ConfigPanel";
import { BackendBanner } from "./BackendBanner";
import { styles } from "./styles";

export function App() {
  const [config, setConfig] = useState<PlaygroundConfig>(() => readConfig(location.search));
  const [events, setEvents] = useState<EventLogEntry[]>([]);
  const kit = useMemo<Kit>(() => buildKit(config, () => log("onAuthSuccess", "")), [config]);

  function log(event: string, detail: string) {
    setEvents((list) => [{ at: Date.now(), event, detail }, ...list].slice(0, 50));
  }

  useEffect(() => {
    // For the browser console and the end-to-end tests: the playground's live kit.
    (window as unknown as { __latchKit?: Kit }).__latchKit = kit;
    const offs = [
      kit.events.on("connected", (user) => log("connected", user.email ?? user.phone ?? user.address)),
      kit.events.on("disconnected", () => log("disconnected", "")),
      kit.events.on("authenticating", ({ type }) => log("authenticating", type)),
      kit.events.on("newUserSignup", () => log("newUserSignup", "")),
      kit.events.on("statusChanged", (status) => log("status", status)),
    ];
    return () => offs.forEach((off) => off());
  }, [kit]);

  const update = (next: PlaygroundConfig) => {
    const query = writeConfig(next);
    history.replaceState(null, "", query ? `?${query}` : location.pathname);
    setConfig(next);
  };

  return (
    <LatchProvider kit={kit} key={writeConfig(config)}>
      <div className={styles.page}>
        <header className={styles.header}>
          <h1 className={styles.title}>Latch playground</h1>
          <nav className={styles.nav}>
            <a href={`${__EMULATOR_URL__}/dev/inbox`} target="_blank" rel="noreferrer">
              Dev inbox
            </a>
          </nav>
        </header>
        <BackendBanner />
        <main className={styles.main}>
          <ConfigPanel config={config} onChange={update} />
          <AccountPanel config={config} events={events} />
        </main>
      </div>
    </LatchProvider>
  );
}
