// An app page offering every social profile the production profile is configured with
// (`?signer=<url>&apiKey=<key>&mode=popup|redirect`): auth0, twitch and custom OpenID providers
// ("acme", "broken") through oidc-provider, apple and facebook through the test's stand-ins. Shows the status and who signed in.
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useLogout, useSignerStatus, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { oauth } from "latch-kit/plugins/oauth";

const params = new URLSearchParams(location.search);
const mode = params.get("mode") === "redirect" ? "redirect" : "popup";
// The id token carries email only when asked through the claims parameter (OIDC Core §5.5).
const claims = JSON.stringify({ id_token: { email: null, email_verified: null } });

const kit = createKit({
  plugins: [emailOtp(), oauth()],
  signer: { url: params.get("signer")!, connection: { apiKey: params.get("apiKey") ?? "" } },
  ui: {
    theme: "light",
    auth: {
      sections: [
        [
          { type: "social", authProviderId: "auth0", mode, claims, displayName: "Auth0" },
          { type: "social", authProviderId: "acme", isCustomProvider: true, mode, scope: "openid email", claims, displayName: "Acme" },
          { type: "social", authProviderId: "twitch", mode },
          { type: "social", authProviderId: "apple", mode },
          { type: "social", authProviderId: "facebook", mode },
          { type: "social", authProviderId: "broken", isCustomProvider: true, mode, scope: "openid email", displayName: "Broken" },
        ],
      ],
    },
  },
});

function App() {
  const user = useUser();
  const { status } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const { logoutAsync } = useLogout();
  return (
    <main>
      <h1>Social app</h1>
      <p>
        Status: <span data-testid="status">{status}</span>
      </p>
      <p data-testid="user-email">{user?.email ?? ""}</p>
      <p data-testid="user-address">{user?.address ?? ""}</p>
      {user ? (
        <button type="button" onClick={() => void logoutAsync()}>
          Log out
        </button>
      ) : (
        <button type="button" onClick={openAuthModal}>
          Sign in
        </button>
      )}
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
