// An app page for the social sign-in and custom JWT browser tests: a kit with social sections
// (popup and redirect), email codes and custom JWT against the emulator (`?emulator=<url>`).
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useListAuthMethods, useLogout, useSignerStatus, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { oauth, useAddOauthProvider, useRemoveOauthProvider } from "latch-kit/plugins/oauth";
import { jwt } from "latch-kit/plugins/jwt";
import { JwtControls } from "./jwt-controls";

const params = new URLSearchParams(location.search);
const url = params.get("emulator") ?? "http://localhost:8787";
const GITHUB_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>')}`;

const kit = createKit({
  plugins: [emailOtp(), oauth(), jwt()],
  signer: { url, authFrameUrl: `${url}/frames/auth`, keyManagementUrl: url, emailMode: "otp" },
  ui: {
    theme: "light",
    ...(params.get("support") ? { supportUrl: params.get("support")! } : {}),
    auth: {
      sections: [
        [
          { type: "social", authProviderId: "google", mode: "popup" },
          { type: "social", authProviderId: "facebook", mode: "redirect" },
          { type: "social", authProviderId: "auth0", auth0Connection: "github", displayName: "GitHub", logoUrl: GITHUB_LOGO, mode: "popup" },
        ],
        [{ type: "email" }],
      ],
    },
  },
});

const events: string[] = [];
for (const name of ["connected", "connectedOauth", "newUserSignup", "emailAuthLinkingRequired"] as const) {
  kit.events.on(name, () => events.push(name));
}

let presses = 0;
/** The last outcome of a button, numbered: `<n>:ok`, `<n>:pending` or `<n>:error: <message>`. */
function useOutcome(): [string, (run: () => Promise<unknown>) => void] {
  const [outcome, setOutcome] = useState("0:");
  const run = (fn: () => Promise<unknown>) => {
    const n = ++presses;
    setOutcome(`${n}:pending`);
    // fn runs now, inside the click: a popup it opens is not blocked.
    fn().then(
      () => setOutcome(`${n}:ok`),
      (error: Error) => setOutcome(`${n}:error: ${error.message}`),
    );
  };
  return [outcome, run];
}

function App() {
  const user = useUser();
  const { status } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const { logoutAsync } = useLogout();
  const { addOauthProviderAsync } = useAddOauthProvider();
  const { removeOauthProviderAsync } = useRemoveOauthProvider();
  const methods = useListAuthMethods();
  const [outcome, run] = useOutcome();
  const providers = methods.data?.oauthProviders ?? [];
  return (
    <main>
      <h1>Social</h1>
      <p>
        Status: <span data-testid="status">{status}</span>
      </p>
      <p data-testid="user-email">{user?.email ?? ""}</p>
      <p data-testid="user-address">{user?.address ?? ""}</p>
      <p data-testid="user-sub">{String(user?.claims?.sub ?? "")}</p>
      <p data-testid="events">{events.join(" ")}</p>
      <p data-testid="outcome">{outcome}</p>
      <p data-testid="auth-methods">{methods.data ? `providers: ${providers.map((p) => p.providerName).join(",")}` : ""}</p>
      {!user && (
        <button type="button" onClick={openAuthModal}>
          Sign in
        </button>
      )}
      {user && (
        <button type="button" onClick={() => run(logoutAsync)}>
          Log out
        </button>
      )}
      <button type="button" onClick={() => run(() => addOauthProviderAsync({ authProviderId: "twitch" }))}>
        Link Twitch
      </button>
      {providers.map((p) => (
        <button key={p.providerId} type="button" onClick={() => run(() => removeOauthProviderAsync(p.providerId))}>
          Remove {p.providerName}
        </button>
      ))}
      <JwtControls kit={kit} authProviderId={params.get("jwtProvider") ?? "app-auth"} run={run} />
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
Object.assign(window, { __kit: kit });
