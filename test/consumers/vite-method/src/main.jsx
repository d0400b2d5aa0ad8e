// An app that signs in with a method published by someone else: the kit from its packed tarball, the
// method's kit part from its own package (latch-method-invite-code/kit), registered like any plugin.
// Plain JSX: the method package ships JavaScript without types, as a third party may.
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useSignMessage, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { inviteCode } from "latch-method-invite-code/kit";

const kit = createKit({
  plugins: [emailOtp(), inviteCode()],
  signer: { url: import.meta.env.VITE_LATCH_SIGNER_URL, connection: { apiKey: import.meta.env.VITE_LATCH_API_KEY } },
  ui: { auth: { sections: [[{ type: "email" }], [{ type: "invite_code" }]], addPasskeyOnSignup: false } },
});

function SignIn() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const { signMessageAsync } = useSignMessage();
  const [signature, setSignature] = useState();
  if (!user) return <button onClick={openAuthModal}>Sign in</button>;
  return (
    <>
      <p data-testid="email">{user.email}</p>
      <p data-testid="address">{user.address}</p>
      <button onClick={() => void signMessageAsync({ message: "invited" }).then(setSignature)}>Sign a message</button>
      {signature ? <p data-testid="signature">{signature}</p> : null}
    </>
  );
}

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <LatchProvider kit={kit}>
      <h1>Latch with an invite code</h1>
      <SignIn />
    </LatchProvider>
  </StrictMode>,
);
