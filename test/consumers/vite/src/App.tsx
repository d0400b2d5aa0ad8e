// The README's usage example, as a new app would write it.
import { createKit } from "latch-kit";
import { LatchProvider, useAuthModal, useUser, useSignMessage } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { passkey } from "latch-kit/plugins/passkey";
import { useState } from "react";

const kit = createKit({
  plugins: [emailOtp(), passkey()],
  signer: { url: import.meta.env.VITE_LATCH_SIGNER_URL ?? "http://localhost:8787" },
  ui: {
    auth: { sections: [[{ type: "email" }], [{ type: "passkey" }]], addPasskeyOnSignup: false },
  },
});

function SignIn() {
  const { openAuthModal } = useAuthModal();
  const user = useUser();
  const { signMessageAsync } = useSignMessage();
  const [signature, setSignature] = useState<string>();
  if (!user) return <button onClick={openAuthModal}>Sign in</button>;
  return (
    <>
      <p data-testid="address">{user.address}</p>
      <button onClick={() => void signMessageAsync({ message: "hello" }).then(setSignature)}>Sign a message</button>
      {signature ? <p data-testid="signature">{signature}</p> : null}
    </>
  );
}

export const App = () => (
  <LatchProvider kit={kit}>
    <h1>Latch on Vite</h1>
    <SignIn />
  </LatchProvider>
);
