// An app page for split custody's recovery screens: a kit with email codes, passkeys and the
// split-custody plugin (its dialog asks for a recovery means, and recovers a device without its share)
// against a server in split custody (`?emulator=<url>`).
import { createRoot } from "react-dom/client";
import { useAtomValue } from "jotai/react";
import { createKit, getEmbeddedSigner } from "latch-kit";
import { LatchProvider, useAuthModal, useExportAccount, useLogout, useSignMessage, useSignerStatus, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { addPasskey, passkey } from "latch-kit/plugins/passkey";
import { splitCustody } from "latch-kit/plugins/split-custody";
import { addMfa, mfa, verifyMfa } from "latch-kit/plugins/mfa";
import { custodySignerOptions, measure, useOutcome } from "./custody-support";

const kit = createKit({
  plugins: [emailOtp(), passkey(), mfa(), splitCustody()],
  signer: custodySignerOptions(),
  ui: { theme: "light", auth: { sections: [[{ type: "email" }]] } },
});
const signer = getEmbeddedSigner(kit);

// The test stands for the user's hand: adding a passkey while the custody screen waits.
Object.assign(window, {
  addPasskey: () => addPasskey(kit).then(() => "ok"),
  /** A TOTP factor: the otpauth URL (the test's authenticator app reads it), then the code that verifies it. */
  addTotp: () => addMfa(kit, { multiFactorType: "totp" }),
  verifyTotp: (multiFactorId: string, multiFactorCode: string) => verifyMfa(kit, { multiFactorId, multiFactorCode }).then(() => "ok"),
  /** The sign-in time the auth share adds: custody-state (shares sealed to the frame) and the frame opening them, n times. */
  measureShareFetch: async (n: number) => ({
    n,
    ...(await measure(n, () => {
      signer.custody.reset();
      return signer.custody.ready();
    })),
  }),
});

function Custody() {
  const user = useUser();
  const { status } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const custody = useAtomValue(signer.custody.statusAtom, { store: kit.store });
  const { signMessageAsync, signedMessage } = useSignMessage();
  const { logout } = useLogout();
  const { exportAccount, ExportAccountComponent } = useExportAccount();
  const { outcome, run } = useOutcome();
  return (
    <main>
      <button type="button" onClick={() => openAuthModal()}>
        Sign in
      </button>
      <p data-testid="status">{status}</p>
      <p data-testid="address">{user?.address ?? ""}</p>
      <p data-testid="custody">{user ? (user.custody ?? "server") : ""}</p>
      <p data-testid="recovery-kind">{custody?.recoveryKind ?? ""}</p>
      <p data-testid="device-share">{custody?.deviceShare === undefined ? "" : String(custody.deviceShare)}</p>
      <p data-testid="outcome">{outcome}</p>
      <button type="button" onClick={() => run(() => signMessageAsync({ message: "signed after recovery" }))}>
        Sign message
      </button>
      <p data-testid="signature">{signedMessage ?? ""}</p>
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
      <button type="button" onClick={() => run(() => exportAccount())}>
        Export
      </button>
      <ExportAccountComponent />
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <Custody />
  </LatchProvider>,
);
