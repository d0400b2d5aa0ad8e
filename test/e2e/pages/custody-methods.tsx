// An app page for split custody's sign-in methods beyond the email/SMS/passkey ones the custody page
// covers: social sign-in (a custom OpenID provider, by popup), magic link and custom JWT, against a
// server in split custody (`?emulator=<url>`), and the public hook that signs a message.
import { createRoot } from "react-dom/client";
import { useAtomValue } from "jotai/react";
import { createKit, getEmbeddedSigner } from "latch-kit";
import { LatchProvider, useAuthModal, useSignMessage, useSignerStatus, useUser } from "latch-kit/react";
import { magicLink } from "latch-kit/plugins/magic-link";
import { oauth } from "latch-kit/plugins/oauth";
import { jwt } from "latch-kit/plugins/jwt";
import { JwtControls } from "./jwt-controls";
import { custodySignerOptions, useOutcome } from "./custody-support";

// The id token carries email only when asked through the claims parameter (OIDC Core §5.5).
const claims = JSON.stringify({ id_token: { email: null, email_verified: null } });

const kit = createKit({
  plugins: [magicLink(), oauth(), jwt()],
  signer: { ...custodySignerOptions(), emailMode: "magicLink" },
  ui: {
    theme: "light",
    auth: {
      sections: [[{ type: "social", authProviderId: "acme", isCustomProvider: true, mode: "popup", scope: "openid email", claims, displayName: "Acme" }], [{ type: "email" }]],
    },
  },
});
const signer = getEmbeddedSigner(kit);

function Methods() {
  const user = useUser();
  const { status } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const custody = useAtomValue(signer.custody.statusAtom, { store: kit.store });
  const { signMessageAsync, signedMessage } = useSignMessage();
  const { outcome, run } = useOutcome();
  return (
    <main>
      <button type="button" onClick={() => openAuthModal()}>
        Sign in
      </button>
      <p data-testid="status">{status}</p>
      <p data-testid="address">{user?.address ?? ""}</p>
      <p data-testid="custody">{user ? (user.custody ?? "server") : ""}</p>
      <p data-testid="device-share">{custody?.deviceShare === undefined ? "" : String(custody.deviceShare)}</p>
      <p data-testid="outcome">{outcome}</p>
      <button type="button" onClick={() => run(() => signMessageAsync({ message: "signed in the frame" }))}>
        Sign message
      </button>
      <p data-testid="signature">{signedMessage ?? ""}</p>
      <JwtControls kit={kit} authProviderId="app-auth" run={run} />
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <Methods />
  </LatchProvider>,
);
