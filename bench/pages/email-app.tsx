// The email-only app the user-facing benchmarks measure (bench/user-timings.ts), bundled for production:
// createKit with the email code plugin, a Sign in button, the user's address once connected.
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useLogout, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";

const signerUrl = new URLSearchParams(location.search).get("signer")!;
const kit = createKit({
  plugins: [emailOtp()],
  signer: { url: signerUrl },
  ui: { auth: { sections: [[{ type: "email" }]] } },
});

function App() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const { logout } = useLogout();
  return (
    <main>
      <button type="button" onClick={openAuthModal}>
        Sign in
      </button>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
      <p data-testid="user">{user?.address ?? ""}</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
