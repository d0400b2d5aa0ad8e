import { useId, type ReactNode } from "react";
import { ACCOUNT_TYPE_OPTIONS, DEFAULT_SESSION_MS, SOCIAL_PROVIDERS, splitNames, walletConnectRelayUrl, type PlaygroundConfig } from "./config";
import { SectionList } from "./SectionList";
import { styles } from "./styles";

type Set = <K extends keyof PlaygroundConfig>(key: K, value: PlaygroundConfig[K]) => void;

/** A labelled set of radio buttons drawn as a segmented control (arrow keys move between options). */
function Choice<T extends string>({ legend, value, options, onChange }: { legend: string; value: T; options: Array<[T, string]>; onChange: (v: T) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <div className={styles.segmented}>
        {options.map(([v, text]) => (
          <label key={v}>
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
            <span>{text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Group({ title, children, disabled }: { title: string; children: ReactNode; disabled?: boolean }) {
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

const SESSION_PRESETS: Array<[number, string]> = [
  [60_000, "1 minute"],
  [300_000, "5 minutes"],
  [DEFAULT_SESSION_MS, "15 minutes (default)"],
  [3_600_000, "1 hour"],
  [86_400_000, "1 day"],
];

export function ConfigPanel({ config, onChange, onReset }: { config: PlaygroundConfig; onChange: (c: PlaygroundConfig) => void; onReset: () => void }) {
  const set: Set = (key, value) => onChange({ ...config, [key]: value });
  const shown = config.sections.flat();
  const sessionOptions = SESSION_PRESETS.some(([ms]) => ms === config.sessionMs)
    ? SESSION_PRESETS
    : [...SESSION_PRESETS, [config.sessionMs, `${config.sessionMs / 1000} s (from the URL)`] as [number, string]];

  return (
    <section className={styles.card} aria-labelledby="config-title">
      <div className={styles.row}>
        <h2 id="config-title" className={`${styles.h2} ${styles.grow}`}>
          Configure
        </h2>
        <button type="button" className={styles.small} onClick={onReset}>
          Reset
        </button>
      </div>
      <p className={styles.hint}>Every change applies at once and is kept in the address: reload or share the link.</p>

      <SectionList config={config} onChange={(sections) => set("sections", sections)} />

      {shown.includes("email") && (
        <Choice
          legend="Email sign-in mode"
          value={config.emailMode}
          options={[
            ["otp", "Code"],
            ["magicLink", "Magic link"],
            ["server", "Backend's"],
          ]}
          onChange={(v) => set("emailMode", v)}
        />
      )}
      {shown.includes("email") && config.emailMode === "server" && (
        <p className={styles.hint}>Both email plugins installed: the backend's email mode decides (the emulator's --email-mode).</p>
      )}

      <Group title="Passkeys">
        <label className={styles.check}>
          <input type="checkbox" checked={config.addPasskeyOnSignup} onChange={(e) => set("addPasskeyOnSignup", e.target.checked)} />
          Offer a passkey after sign-up (addPasskeyOnSignup)
        </label>
      </Group>

      <Group title="Social sign-in" disabled={!shown.includes("social")}>
        <p className={styles.hint}>
          {shown.includes("social")
            ? "Providers in the order chosen; the emulator's dev identity provider signs them in with test identities."
            : "Switch the Social sign-in section on to use these."}
        </p>
        {SOCIAL_PROVIDERS.map((id) => {
          const entry = config.social.find((p) => p.id === id);
          const toggle = (on: boolean) =>
            set("social", on ? [...config.social, { id, mode: "popup" }] : config.social.filter((p) => p.id !== id));
          return (
            <div key={id} className={styles.row}>
              <label className={`${styles.check} ${styles.grow}`}>
                <input type="checkbox" checked={!!entry} onChange={(e) => toggle(e.target.checked)} />
                {id}
              </label>
              <label className={styles.field}>
                <span className={styles.visuallyHidden}>{id} sign-in mode</span>
                <select
                  value={entry?.mode ?? "popup"}
                  disabled={!entry}
                  onChange={(e) => set("social", config.social.map((p) => (p.id === id ? { ...p, mode: e.target.value as "popup" | "redirect" } : p)))}
                >
                  <option value="popup">popup</option>
                  <option value="redirect">redirect</option>
                </select>
              </label>
            </div>
          );
        })}
      </Group>

      <Group title="External wallets" disabled={!shown.includes("wallets")}>
        {!shown.includes("wallets") && <p className={styles.hint}>Switch the External wallets section on to use these.</p>}
        <label className={styles.field}>
          Wallets to feature, in order (wallets)
          <input
            defaultValue={config.walletsNames.join(", ")}
            key={config.walletsNames.join(",")}
            onBlur={(e) => set("walletsNames", splitNames(e.target.value))}
            onKeyDown={(e) => e.key === "Enter" && set("walletsNames", splitNames(e.currentTarget.value))}
            placeholder="MetaMask, Coinbase Wallet"
          />
        </label>
        <label className={styles.field}>
          Featured wallets (numFeaturedWallets)
          <select
            value={config.walletsFeatured === null ? "" : String(config.walletsFeatured)}
            onChange={(e) => set("walletsFeatured", e.target.value === "" ? null : Number(e.target.value))}
          >
            <option value="">Unlimited (default)</option>
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          'More wallets' button text (moreButtonText)
          <input value={config.walletsMoreText} onChange={(e) => set("walletsMoreText", e.target.value)} placeholder="More wallets" />
        </label>
        <fieldset className={styles.fieldset}>
          <legend>Chain types (chainType)</legend>
          <div className={styles.row}>
            {(["evm", "svm"] as const).map((chain) => (
              <label key={chain} className={styles.check}>
                <input
                  type="checkbox"
                  checked={config.walletsChains.includes(chain)}
                  // One chain type at least.
                  disabled={config.walletsChains.length === 1 && config.walletsChains[0] === chain}
                  onChange={(e) =>
                    set("walletsChains", (["evm", "svm"] as const).filter((c) => (c === chain ? e.target.checked : config.walletsChains.includes(c))))
                  }
                />
                {chain === "evm" ? "EVM" : "Solana (svm)"}
              </label>
            ))}
          </div>
          {config.walletsChains.includes("svm") && <p className={styles.hint}>Solana browser wallets (wallet-standard) installed in this browser are listed with a 'Solana' badge.</p>}
        </fieldset>
        <label className={styles.check}>
          <input type="checkbox" checked={config.walletConnect} onChange={(e) => set("walletConnect", e.target.checked)} />
          WalletConnect (remote pairing)
        </label>
        {config.walletConnect && (
          <p className={styles.hint}>
            Pairs through the local relay npm start runs ({walletConnectRelayUrl()}), so nothing leaves your machine. To pair, choose WalletConnect in the
            dialog, Copy link, and paste it into the{" "}
            <a href="/wc-wallet.html" target="_blank" rel="noreferrer">
              dev WalletConnect wallet
            </a>{" "}
            (playground only, the devnet's test keys).
          </p>
        )}
        <label className={styles.check}>
          <input type="checkbox" checked={config.devWallets} onChange={(e) => set("devWallets", e.target.checked)} />
          Dev wallets in this browser (playground only)
        </label>
        <p className={styles.hint}>
          Three EIP-6963 test wallets (A, B, C) holding the devnet's public test keys: they approve every request without a prompt, sign
          messages and typed data in the page, have the devnet node send transactions, know only the devnet (chain 31337), and remember
          that this page connected across reloads, as an extension does, so the kit reconnects by itself (logging out forgets it). With
          svm on, also a wallet-standard Solana wallet with a fixed public test key that sends through the local Solana RPC.
        </p>
      </Group>

      <Group title="Smart account (devnet)">
        <label className={styles.field}>
          Account type (smartAccounts plugin)
          <select value={config.smartAccount} onChange={(e) => set("smartAccount", e.target.value as PlaygroundConfig["smartAccount"])}>
            <option value="off">None: sign only</option>
            {ACCOUNT_TYPE_OPTIONS.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={config.sponsored} disabled={config.smartAccount === "off"} onChange={(e) => set("sponsored", e.target.checked)} />
          Gas sponsored by the devnet's policy (policyId)
        </label>
        <p className={styles.hint}>Embedded-wallet users get this account on the local devnet: start it with npm run devnet.</p>
      </Group>

      <Group title="Solana (local RPC)">
        <label className={styles.check}>
          <input type="checkbox" checked={config.solana} onChange={(e) => set("solana", e.target.checked)} />
          Solana for embedded-wallet users (solanaEmbedded plugin)
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={config.solanaSponsored} disabled={!config.solana} onChange={(e) => set("solanaSponsored", e.target.checked)} />
          Fees paid by the local fee payer (policyId)
        </label>
        <p className={styles.hint}>Sign with the user's Solana key and send transfers on the local Solana RPC (started by npm start).</p>
      </Group>

      <Group title="Custom JWT">
        <label className={styles.check}>
          <input type="checkbox" checked={config.customJwt} onChange={(e) => set("customJwt", e.target.checked)} />
          Sign in with a JWT your own auth issued (jwt plugin)
        </label>
        <p className={styles.hint}>No section in the dialog: the app calls authenticate with the token. Here the emulator's dev app issuer stands in for your auth.</p>
      </Group>

      <Group title="Split custody">
        <label className={styles.check}>
          <input type="checkbox" checked={config.splitCustody} onChange={(e) => set("splitCustody", e.target.checked)} />
          Recovery setup and recovery screens (split-custody plugin)
        </label>
        <p className={styles.hint}>
          For wallets in split custody (<code>npm start -- --custody=split</code>): before a new wallet is split the dialog asks for its recovery means (passkey or code); a device without its share recovers. Without it, a new wallet is locked with a code shown under Custody.
        </p>
      </Group>

      <Group title="Dialog">
        <Choice
          legend="UI mode"
          value={config.uiMode}
          options={[
            ["modal", "Modal"],
            ["embedded", "Embedded"],
          ]}
          onChange={(v) => set("uiMode", v)}
        />
        <Choice
          legend="Theme"
          value={config.theme}
          options={[
            ["light", "Light"],
            ["dark", "Dark"],
            ["system", "System"],
          ]}
          onChange={(v) => set("theme", v)}
        />
        <label className={styles.field}>
          Illustration style
          <select value={config.illustrationStyle} onChange={(e) => set("illustrationStyle", e.target.value as PlaygroundConfig["illustrationStyle"])}>
            <option value="outline">Outline (default)</option>
            <option value="linear">Linear</option>
            <option value="filled">Filled</option>
            <option value="flat">Flat</option>
          </select>
        </label>
        <label className={styles.field}>
          Header
          <input value={config.header} onChange={(e) => set("header", e.target.value)} placeholder="e.g. Welcome to Acme" />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={config.hideSignInText} onChange={(e) => set("hideSignInText", e.target.checked)} />
          Hide the 'Sign in' title (hideSignInText)
        </label>
        <label className={styles.field}>
          Support URL
          <input type="url" value={config.supportUrl} onChange={(e) => set("supportUrl", e.target.value)} placeholder="https://example.com/help" />
        </label>
      </Group>

      <Group title="Session">
        <label className={styles.field}>
          Session length (expirationTimeMs)
          <select value={String(config.sessionMs)} onChange={(e) => set("sessionMs", Number(e.target.value))}>
            {sessionOptions.map(([ms, text]) => (
              <option key={ms} value={ms}>
                {text}
              </option>
            ))}
          </select>
        </label>
      </Group>
    </section>
  );
}
