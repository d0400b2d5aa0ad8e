import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  useExportAccount,
  useImportWallet,
  useKit,
  useListAuthMethods,
} from "latch-kit/react";
import { useMFA } from "latch-kit/plugins/mfa";
import { useRemoveEmail, useSendVerificationCode, useSetEmail } from "latch-kit/plugins/email-otp";
import { useRemovePhone, useSetPhone } from "latch-kit/plugins/sms";
import { useAddPasskey, useRemovePasskey } from "latch-kit/plugins/passkey";
import { providerDisplayName, useAddOauthProvider, useRemoveOauthProvider, type SocialSectionConfig } from "latch-kit/plugins/oauth";
import type { MfaFactor } from "latch-kit";
import { URI } from "otpauth";
import { styles } from "./styles";

/** A disclosure whose content mounts only when opened: nothing is fetched until asked for. */
function Disclosure({ title, testId, children }: { title: string; testId: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.details} data-testid={testId} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{title}</summary>
      {open && <div>{children()}</div>}
    </details>
  );
}

const ErrorText = ({ error }: { error: Error | null | undefined }) => (error ? <p className={styles.error}>{error.message}</p> : null);

export function AccountSettings() {
  return (
    <>
      <h3 className={styles.h3}>Account settings</h3>
      <Disclosure title="Two-factor authentication (useMFA)" testId="settings-mfa">
        {() => <MfaSettings />}
      </Disclosure>
      <Disclosure title="Passkeys and linked providers (useListAuthMethods)" testId="settings-methods">
        {() => <AuthMethodsSettings />}
      </Disclosure>
      <Disclosure title="Email and phone (useSetEmail, useSetPhone)" testId="settings-contact">
        {() => (
          <>
            <ContactSettings type="email" />
            <ContactSettings type="sms" />
          </>
        )}
      </Disclosure>
      <Disclosure title="Export the wallet (useExportAccount)" testId="settings-export">
        {() => <ExportSettings />}
      </Disclosure>
      <Disclosure title="Import a wallet (useImportWallet)" testId="settings-import">
        {() => <ImportSettings />}
      </Disclosure>
    </>
  );
}

function MfaSettings() {
  const mfa = useMFA();
  const [factors, setFactors] = useState<MfaFactor[] | null>(null);
  const [pending, setPending] = useState<{ multiFactorId: string; multiFactorTotpUrl: string; qrCodeDataUrl: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<Error | null>(null);
  const attempt = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    }
  };
  // Once when the section opens. StrictMode runs effects twice, and two identical stamped
  // requests in the same millisecond are one request replayed: the backend refuses the second.
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    void attempt(async () => setFactors(await mfa.getMFAFactors()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <p className={styles.hint}>A TOTP authenticator app: once verified, every sign-in asks for its code.</p>
      {factors && (
        <ul className={styles.sectionList} data-testid="mfa-factors" aria-label="Authenticator apps">
          {factors.length === 0 && <li className={styles.hint}>None yet.</li>}
          {factors.map((f) => (
            <li key={f.multiFactorId} className={styles.sectionItem}>
              <span className={styles.grow}>
                {f.multiFactorType} <code className={styles.hint}>{f.multiFactorId}</code>
              </span>
              <button
                type="button"
                className={styles.small}
                aria-label={`Remove authenticator ${f.multiFactorId}`}
                onClick={() => attempt(async () => setFactors(await mfa.removeMFA({ multiFactorIds: [f.multiFactorId] })))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {!pending ? (
        <button
          type="button"
          className={styles.secondary}
          disabled={mfa.isPending}
          onClick={() => attempt(async () => setPending(await mfa.addMFA({ multiFactorType: "totp" })))}
        >
          Add an authenticator app
        </button>
      ) : (
        <>
          <img className={styles.qr} src={pending.qrCodeDataUrl} alt="QR code of the authenticator setup URL" />
          <label className={styles.field}>
            Setup URL (otpauth)
            <input readOnly value={pending.multiFactorTotpUrl} data-testid="mfa-url" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <label className={styles.field}>
            Code from the app
            <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))} />
          </label>
          <div className={styles.row}>
            <button
              type="button"
              className={styles.button}
              disabled={code.length !== 6 || mfa.isPending}
              onClick={() =>
                attempt(async () => {
                  setFactors(await mfa.verifyMFA({ multiFactorId: pending.multiFactorId, multiFactorCode: code }));
                  setPending(null);
                  setCode("");
                })
              }
            >
              Verify
            </button>
            <button type="button" className={styles.small} onClick={() => setCode((URI.parse(pending.multiFactorTotpUrl) as { generate(): string }).generate())}>
              Fill in the app's current code (dev)
            </button>
          </div>
        </>
      )}
      <ErrorText error={error} />
    </>
  );
}

function AuthMethodsSettings() {
  const kit = useKit();
  const { data, isLoading, error, refetch } = useListAuthMethods();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  return (
    <>
      {isLoading && <p className={styles.hint}>Loading…</p>}
      {data && (
        <dl className={styles.dl}>
          <dt>Email</dt>
          <dd>{data.email ?? "—"}</dd>
          <dt>Phone</dt>
          <dd>{data.phone ?? "—"}</dd>
        </dl>
      )}
      {data && (
        <ul className={styles.sectionList} aria-label="Passkeys">
          {data.passkeys.length === 0 && <li className={styles.hint}>No passkey.</li>}
          {data.passkeys.map((p) => (
            <li key={p.authenticatorId} className={styles.sectionItem}>
              <span className={styles.grow}>{p.name}</span>
              <button type="button" className={styles.small} aria-label={`Remove passkey ${p.name}`} onClick={() => remove.removePasskey(p.authenticatorId)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <button type="button" className={styles.secondary} disabled={add.isAddingPasskey} onClick={() => add.addPasskey()}>
          Add a passkey
        </button>
        <button type="button" className={styles.small} onClick={() => void refetch()}>
          Refresh
        </button>
      </div>
      <ErrorText error={error ?? add.error ?? remove.error} />
      {kit.hasPlugin("oauth") ? <ProviderLinks linked={data?.oauthProviders ?? []} /> : <p className={styles.hint}>Switch Social sign-in on to link providers.</p>}
    </>
  );
}

function ContactSettings({ type }: { type: "email" | "sms" }) {
  const send = useSendVerificationCode();
  const setEmail = useSetEmail();
  const setPhone = useSetPhone();
  const removeEmail = useRemoveEmail();
  const removePhone = useRemovePhone();
  const [contact, setContact] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const label = type === "email" ? "email" : "phone number";
  const error = send.error ?? (type === "email" ? (setEmail.error ?? removeEmail.error) : (setPhone.error ?? removePhone.error));
  return (
    <div className={styles.fieldset}>
      <label className={styles.field}>
        New {label}
        <input type={type === "email" ? "email" : "tel"} value={contact} onChange={(e) => setContact(e.target.value)} placeholder={type === "email" ? "ada@example.com" : "+14155550100"} />
      </label>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.secondary}
          disabled={!contact || send.isPending}
          onClick={() => send.sendVerificationCodeAsync({ type, contact }).then(() => setSent(true), () => {})}
        >
          Send a code
        </button>
        <button type="button" className={styles.small} onClick={() => (type === "email" ? removeEmail.removeEmail() : removePhone.removePhone())}>
          Remove {label}
        </button>
      </div>
      {sent && (
        <div className={styles.row}>
          <label className={styles.field}>
            Code (see the dev inbox)
            <input inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))} />
          </label>
          <button
            type="button"
            className={styles.button}
            disabled={code.length !== 6}
            onClick={() => (type === "email" ? setEmail.setEmail({ verificationCode: code }) : setPhone.setPhone({ verificationCode: code }))}
          >
            Set {label}
          </button>
        </div>
      )}
      <ErrorText error={error} />
    </div>
  );
}

/** Linked providers (remove) and the configured social providers (link, through the popup). */
function ProviderLinks({ linked }: { linked: Array<{ providerId: string; providerName?: string }> }) {
  const kit = useKit();
  const add = useAddOauthProvider();
  const remove = useRemoveOauthProvider();
  const configured = (kit.config.ui.auth?.sections ?? []).flat().filter((s): s is SocialSectionConfig => s.type === "social");
  return (
    <>
      <ul className={styles.sectionList} aria-label="Linked providers">
        {linked.length === 0 && <li className={styles.hint}>No linked provider.</li>}
        {linked.map((p) => (
          <li key={p.providerId} className={styles.sectionItem}>
            <span className={styles.grow}>{p.providerName ?? p.providerId}</span>
            <button type="button" className={styles.small} aria-label={`Unlink ${p.providerName ?? p.providerId}`} onClick={() => remove.removeOauthProvider(p.providerId)}>
              Unlink
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        {configured.map((section) => (
          <button
            key={section.authProviderId}
            type="button"
            className={styles.small}
            disabled={add.isAddingOauthProvider}
            // In the click: the popup must open from it.
            onClick={() => add.addOauthProvider({ authProviderId: section.authProviderId, ...(section.auth0Connection ? { auth0Connection: section.auth0Connection } : {}) })}
          >
            Link {providerDisplayName(section)}
          </button>
        ))}
      </div>
      <ErrorText error={add.error ?? remove.error} />
    </>
  );
}

/** The secret appears inside the export frame, never in the page. */
function ExportSettings() {
  const { exportAccount, isExported, isExporting, error, ExportAccountComponent } = useExportAccount();
  return (
    <>
      <p className={styles.hint}>The seed phrase (or, in a passkey session, the private key) shows inside the emulator's export frame: the app never sees it.</p>
      {!isExported && (
        <button type="button" className={styles.secondary} disabled={isExporting} onClick={() => void exportAccount().catch(() => {})}>
          {isExporting ? "Exporting…" : "Export"}
        </button>
      )}
      <ExportAccountComponent className={styles.exportFrame} />
      <ErrorText error={error} />
    </>
  );
}

/** The recovery phrase is typed into the import frame, never into the page. */
function ImportSettings() {
  const { importWallet, isImporting, importedWallet, error, ImportWalletComponent } = useImportWallet();
  const [controller, setController] = useState<AbortController | null>(null);
  const start = () => {
    const next = new AbortController();
    setController(next);
    void importWallet({ signal: next.signal })
      .catch(() => {})
      .finally(() => setController(null));
  };
  return (
    <>
      <p className={styles.hint}>Type a recovery phrase into the emulator's import frame: the app never sees it. The new wallet's first EVM and Solana accounts are derived.</p>
      <button type="button" className={styles.secondary} onClick={() => (controller ? controller.abort() : start())}>
        {isImporting ? "Cancel" : "Import a wallet"}
      </button>
      <ImportWalletComponent className={styles.exportFrame} />
      {importedWallet && <p className={styles.hint}>Imported: {importedWallet.addresses.join(", ")}</p>}
      <ErrorText error={error} />
    </>
  );
}
