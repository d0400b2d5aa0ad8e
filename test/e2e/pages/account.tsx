// An app page for the passkey and account-management browser tests: a kit with email codes and
// passkeys against the emulator (`?emulator=<url>`), and small buttons wired to the hooks.
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { IframeStamper } from "@turnkey/iframe-stamper";
import { createKit, getEmbeddedSigner, type Kit } from "latch-kit";
import {
  LatchProvider,
  useAuthModal,
  useAuthenticate,
  useExportAccount,
  useImportWallet,
  useKit,
  useListAuthMethods,
  useLogout,
  useSignMessage,
  useSignerStatus,
  useUser,
} from "latch-kit/react";
import { useMFA } from "latch-kit/plugins/mfa";
import { useRemoveEmail, useSendVerificationCode, useSetEmail } from "latch-kit/plugins/email-otp";
import { useRemovePhone, useSetPhone } from "latch-kit/plugins/sms";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { passkey, useAddPasskey, useRemovePasskey, useRenamePasskey } from "latch-kit/plugins/passkey";

const params = new URLSearchParams(location.search);
const url = params.get("emulator") ?? "http://localhost:8787";

const kit = createKit({
  plugins: [emailOtp(), passkey()],
  signer: {
    url,
    authFrameUrl: `${url}/frames/auth`,
    exportFrameUrl: `${url}/frames/export`,
    keyManagementUrl: url,
    emailMode: "otp",
    ...(params.get("requestTimeoutMs") ? { requestTimeoutMs: Number(params.get("requestTimeoutMs")) } : {}),
  },
  ui: {
    onAuthSuccess: () => events.push("onAuthSuccess"),
    theme: "light",
    auth: {
      sections: [[{ type: "email" }], [{ type: "passkey" }]],
      ...(params.get("addPasskeyOnSignup") === "true" ? { addPasskeyOnSignup: true } : {}),
    },
  },
});

const events: string[] = [];
kit.events.on("newUserSignup", () => events.push("newUserSignup"));
kit.events.on("track", ({ name }) => events.push(`track:${name}`));
kit.events.on("connected", () => events.push("connected"));

/** The last outcome of a button, numbered: `<n>:ok`, `<n>:pending` or `<n>:error: <message>`. */
let presses = 0;
function useOutcome(): [string, (run: () => Promise<unknown>) => Promise<void>] {
  const [outcome, setOutcome] = useState("0:");
  const run = async (fn: () => Promise<unknown>) => {
    const n = ++presses;
    setOutcome(`${n}:pending`);
    try {
      await fn();
      setOutcome(`${n}:ok`);
    } catch (error) {
      setOutcome(`${n}:error: ${(error as Error).message}`);
    }
  };
  return [outcome, run];
}

function Account() {
  const kitInstance = useKit();
  const user = useUser();
  const { openAuthModal } = useAuthModal();
  const { status } = useSignerStatus();
  const { logoutAsync } = useLogout();
  const { authenticateAsync } = useAuthenticate();
  const { signMessageAsync, signedMessage } = useSignMessage();
  const { addPasskeyAsync } = useAddPasskey();
  const { removePasskeyAsync } = useRemovePasskey();
  const { renamePasskeyAsync } = useRenamePasskey();
  const methods = useListAuthMethods();
  const mfa = useMFA();
  const { sendVerificationCodeAsync } = useSendVerificationCode();
  const { setEmailAsync } = useSetEmail();
  const { setPhoneAsync } = useSetPhone();
  const { removeEmailAsync } = useRemoveEmail();
  const { removePhoneAsync } = useRemovePhone();
  const { importWallet, importedWallet, ImportWalletComponent } = useImportWallet({ walletName: "Typed in the frame" });
  // Once a wallet is imported, Export shows that wallet's phrase.
  const { exportAccount, isExported, ExportAccountComponent } = useExportAccount(importedWallet ? { walletId: importedWallet.walletId } : {});
  const [outcome, run] = useOutcome();
  const [message, setMessage] = useState("hello latch");
  const [factor, setFactor] = useState<{ multiFactorId: string; multiFactorTotpUrl: string; qrCodeDataUrl: string } | null>(null);
  const [factors, setFactors] = useState<string>("");
  const [mfaCode, setMfaCode] = useState("");
  const [contact, setContact] = useState("");
  const [code, setCode] = useState("");
  const [, rerender] = useState(0);
  useEffect(() => {
    const off = kitInstance.events.on("track", () => rerender((n) => n + 1));
    return off;
  }, [kitInstance]);

  const field = (label: string, value: string, set: (v: string) => void) => (
    <label style={{ display: "block" }}>
      {label} <input aria-label={label} value={value} onChange={(e) => set(e.target.value)} />
    </label>
  );

  return (
    <main style={{ padding: 16, fontFamily: "system-ui" }}>
      <p data-testid="status">{status}</p>
      <p data-testid="user-email">{user?.email ?? ""}</p>
      <p data-testid="user-phone">{user?.phone ?? ""}</p>
      <p data-testid="user-address">{user?.address ?? ""}</p>
      <p data-testid="outcome">{outcome}</p>
      <p data-testid="events">{events.join(",")}</p>
      <button type="button" onClick={openAuthModal}>
        Sign in
      </button>
      <button type="button" onClick={() => run(() => authenticateAsync({ type: "passkey", createNew: true, ...(contact ? { email: contact } : {}) }))}>
        Sign up with a passkey
      </button>
      <button type="button" onClick={() => run(() => logoutAsync())}>
        Log out
      </button>

      <section>
        {field("Message", message, setMessage)}
        <button type="button" onClick={() => run(() => signMessageAsync({ message }))}>
          Sign message
        </button>
        <p data-testid="signature">{signedMessage ?? ""}</p>
      </section>

      <section>
        <button type="button" onClick={() => run(() => addPasskeyAsync())}>
          Add passkey
        </button>
        <button type="button" onClick={() => run(() => methods.refetch())}>
          List methods
        </button>
        <pre data-testid="auth-methods">{methods.data ? JSON.stringify(methods.data) : ""}</pre>
        {methods.data?.passkeys.map((p) => (
          <span key={p.authenticatorId}>
            <button type="button" onClick={() => run(() => renamePasskeyAsync({ authenticatorId: p.authenticatorId, name: "Work laptop" }))}>
              Rename {p.name}
            </button>
            <button type="button" onClick={() => run(() => removePasskeyAsync(p.authenticatorId))}>
              Remove {p.name}
            </button>
          </span>
        ))}
      </section>

      <section>
        <button type="button" onClick={() => run(async () => setFactor(await mfa.addMFA({ multiFactorType: "totp" })))}>
          Add MFA
        </button>
        <p data-testid="mfa-url">{factor?.multiFactorTotpUrl ?? ""}</p>
        {factor ? <img alt="MFA QR code" src={factor.qrCodeDataUrl} width={100} height={100} /> : null}
        {field("MFA code", mfaCode, setMfaCode)}
        <button type="button" onClick={() => run(() => mfa.verifyMFA({ multiFactorId: factor!.multiFactorId, multiFactorCode: mfaCode }))}>
          Verify MFA
        </button>
        <button type="button" onClick={() => run(async () => setFactors(JSON.stringify(await mfa.getMFAFactors())))}>
          List MFA
        </button>
        <button
          type="button"
          onClick={() =>
            run(async () => {
              const ids = (await mfa.getMFAFactors()).map((f) => f.multiFactorId);
              setFactors(JSON.stringify(await mfa.removeMFA({ multiFactorIds: ids })));
            })
          }
        >
          Remove MFA
        </button>
        <p data-testid="mfa-factors">{factors}</p>
      </section>

      <section>
        {field("Contact", contact, setContact)}
        <button type="button" onClick={() => run(() => sendVerificationCodeAsync({ type: "email", contact }))}>
          Send email code
        </button>
        <button type="button" onClick={() => run(() => sendVerificationCodeAsync({ type: "sms", contact }))}>
          Send phone code
        </button>
        {field("Code", code, setCode)}
        <button type="button" onClick={() => run(() => setEmailAsync({ verificationCode: code }))}>
          Set email
        </button>
        <button type="button" onClick={() => run(() => setPhoneAsync({ verificationCode: code }))}>
          Set phone
        </button>
        <button type="button" onClick={() => run(() => removeEmailAsync())}>
          Remove email
        </button>
        <button type="button" onClick={() => run(() => removePhoneAsync())}>
          Remove phone
        </button>
      </section>

      <section>
        <button type="button" onClick={() => run(() => exportAccount())}>
          Export
        </button>
        <p data-testid="exported">{String(isExported)}</p>
        <ExportAccountComponent />
      </section>

      <section>
        <button type="button" onClick={() => run(() => importWallet())}>
          Import wallet
        </button>
        <p data-testid="imported-addresses">{importedWallet ? importedWallet.addresses.join(",") : ""}</p>
        <ImportWalletComponent />
      </section>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <Account />
  </LatchProvider>,
);

(window as unknown as { __latchKit: Kit; __latchSigner: unknown }).__latchKit = kit;
(window as unknown as { __latchSigner: unknown }).__latchSigner = getEmbeddedSigner(kit);
// For the export frame's own tests: a stamper the test drives directly.
(window as unknown as { __IframeStamper: typeof IframeStamper }).__IframeStamper = IframeStamper;
