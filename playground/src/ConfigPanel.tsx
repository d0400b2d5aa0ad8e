import type { PlaygroundConfig } from "./config";
import { styles } from "./styles";

export function ConfigPanel({ config, onChange }: { config: PlaygroundConfig; onChange: (c: PlaygroundConfig) => void }) {
  const set = <K extends keyof PlaygroundConfig>(key: K, value: PlaygroundConfig[K]) => onChange({ ...config, [key]: value });
  return (
    <section className={styles.card} aria-labelledby="config-title">
      <h2 id="config-title" className={styles.h2}>
        Configuration
      </h2>
      <label className={styles.field}>
        Email sign-in
        <select value={config.emailMode} onChange={(e) => set("emailMode", e.target.value as PlaygroundConfig["emailMode"])}>
          <option value="server">As the backend says (code)</option>
          <option value="otp">One-time code</option>
          <option value="magicLink">Magic link</option>
        </select>
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={config.sms} onChange={(e) => set("sms", e.target.checked)} />
        SMS code
      </label>
      <label className={styles.field}>
        UI mode
        <select value={config.uiMode} onChange={(e) => set("uiMode", e.target.value as PlaygroundConfig["uiMode"])}>
          <option value="modal">Modal</option>
          <option value="embedded">Embedded</option>
        </select>
      </label>
      <label className={styles.field}>
        Theme
        <select value={config.theme} onChange={(e) => set("theme", e.target.value as PlaygroundConfig["theme"])}>
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={config.hideSignInText} onChange={(e) => set("hideSignInText", e.target.checked)} />
        Hide 'Sign in' title
      </label>
      <label className={styles.field}>
        Header
        <input value={config.header} onChange={(e) => set("header", e.target.value)} placeholder="e.g. Acme" />
      </label>
      <label className={styles.field}>
        Support URL
        <input value={config.supportUrl} onChange={(e) => set("supportUrl", e.target.value)} placeholder="https://…" />
      </label>
      <label className={styles.field}>
        Session length (ms)
        <input
          type="number"
          min={1000}
          step={1000}
          value={config.sessionMs}
          onChange={(e) => Number(e.target.value) > 0 && set("sessionMs", Number(e.target.value))}
        />
      </label>
    </section>
  );
}
