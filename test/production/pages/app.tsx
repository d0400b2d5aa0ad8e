// An app page against the production profile (`?signer=<url>&apiKey=<key>`): email code or magic link,
// SMS, passkey, social sign-in (google through whatever provider the server is configured with),
// custom JWT, and signing a message.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useAuthenticate, useLogout, useSignMessage, useSignerStatus, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { passkey } from "latch-kit/plugins/passkey";
import { oauth } from "latch-kit/plugins/oauth";
import { getJwtNonce, jwt, useAuthenticateWithJwt } from "latch-kit/plugins/jwt";

const params = new URLSearchParams(location.search);
const url = params.get("signer")!;
const emailMode = params.get("emailMode") ?? "otp";

const kit = createKit({
  plugins: [emailMode === "magicLink" ? magicLink() : emailOtp(), sms(), passkey(), oauth(), jwt()],
  signer: { url, connection: { apiKey: params.get("apiKey") ?? "" }, emailMode },
  ui: {
    theme: "light",
    auth: { sections: [[{ type: "social", authProviderId: "google", mode: "popup" }], [{ type: "email" }], [{ type: "sms" }], [{ type: "passkey" }]] },
  },
});

const events: string[] = [];
for (const name of ["connected", "newUserSignup"] as const) kit.events.on(name, () => events.push(name));

function App() {
  const user = useUser();
  const { status } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const { logoutAsync } = useLogout();
  const { signMessageAsync } = useSignMessage();
  const { authenticateWithJwtAsync } = useAuthenticateWithJwt();
  const { authenticateAsync } = useAuthenticate();
  const [message, setMessage] = useState("");
  const [signature, setSignature] = useState("");
  const [token, setToken] = useState("");
  const [nonce, setNonce] = useState("");
  const [outcome, setOutcome] = useState("");
  const run = (fn: () => Promise<unknown>) =>
    fn().then(
      () => setOutcome("ok"),
      (error: Error) => setOutcome(`error: ${error.message}`),
    );
  return (
    <main>
      <h1>Production app</h1>
      <p>
        Status: <span data-testid="status">{status}</span>
      </p>
      <p data-testid="user-email">{user?.email ?? ""}</p>
      <p data-testid="user-phone">{user?.phone ?? ""}</p>
      <p data-testid="user-address">{user?.address ?? ""}</p>
      <p data-testid="events">{events.join(" ")}</p>
      <p data-testid="outcome">{outcome}</p>
      <p data-testid="signature">{signature}</p>
      {user ? (
        <>
          <label>
            Message <input value={message} onChange={(e) => setMessage(e.target.value)} />
          </label>
          <button type="button" onClick={() => run(async () => setSignature(await signMessageAsync({ message })))}>
            Sign message
          </button>
          <button type="button" onClick={() => run(() => logoutAsync())}>
            Log out
          </button>
        </>
      ) : (
        <>
          <button type="button" onClick={openAuthModal}>
            Sign in
          </button>
          <button type="button" onClick={() => run(() => authenticateAsync({ type: "passkey", createNew: true }))}>
            Sign up with a passkey
          </button>
          <button type="button" onClick={() => run(async () => setNonce(await getJwtNonce(kit)))}>
            Get JWT nonce
          </button>
          <p data-testid="jwt-nonce">{nonce}</p>
          <label>
            JWT <input value={token} onChange={(e) => setToken(e.target.value)} />
          </label>
          <button type="button" onClick={() => run(() => authenticateWithJwtAsync({ jwt: token, authProviderId: "app" }))}>
            Sign in with JWT
          </button>
        </>
      )}
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>,
);
