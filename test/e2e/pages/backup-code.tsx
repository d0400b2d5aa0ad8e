// An app page whose only sign-in method is the backup-code fixture (test/fixtures/backup-code): it is
// registered here, by this page's configuration, and nowhere else.
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useSignMessage, useSignerStatus, useUser } from "latch-kit/react";
import { backupCode } from "../../fixtures/backup-code/kit";

const url = new URLSearchParams(location.search).get("emulator") ?? "";
const kit = createKit({
  plugins: [backupCode()],
  signer: { url, authFrameUrl: `${url}/frames/auth`, keyManagementUrl: url },
  ui: { theme: "light", auth: { sections: [[{ type: "backup_code" }]] } },
});

function App() {
  const { openAuthModal } = useAuthModal();
  const { status } = useSignerStatus();
  const user = useUser();
  const { signMessageAsync, signedMessage } = useSignMessage();
  return (
    <main style={{ padding: 24 }}>
      <button type="button" onClick={openAuthModal}>
        Sign in
      </button>
      <p data-testid="status">{status}</p>
      <p data-testid="address">{user?.address ?? ""}</p>
      <button type="button" onClick={() => void signMessageAsync({ message: "signed with a backup code" })}>
        Sign message
      </button>
      <p data-testid="signature">{signedMessage ?? ""}</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
