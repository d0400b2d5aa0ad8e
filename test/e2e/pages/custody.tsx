// An app page for the split-custody browser tests: a kit with email and SMS codes and passkeys against
// a server in split custody (`?emulator=<url>`), the public signing hooks, and buttons for the custody calls.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { useAtomValue } from "jotai/react";
import { createKit, getEmbeddedSigner } from "latch-kit";
import { LatchProvider, useAuthenticate, useAuthModal, useExportAccount, useSignMessage, useSignTypedData, useSignerStatus, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { sms } from "latch-kit/plugins/sms";
import { passkey } from "latch-kit/plugins/passkey";
import { custodySignerOptions, measure, useOutcome } from "./custody-support";

const kit = createKit({
  plugins: [emailOtp(), sms(), passkey()],
  signer: custodySignerOptions(),
  ui: { theme: "light", auth: { sections: [[{ type: "email" }], [{ type: "sms" }]] } },
});
const signer = getEmbeddedSigner(kit);

const TYPED_DATA = {
  domain: { name: "Split custody", version: "1", chainId: 1 },
  types: { Mail: [{ name: "contents", type: "string" }] },
  primaryType: "Mail",
  message: { contents: "typed data signed in the frame" },
} as const;

function hex(text: string): `0x${string}` {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function Custody() {
  const user = useUser();
  const { status } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const { authenticateAsync } = useAuthenticate();
  const custody = useAtomValue(signer.custody.statusAtom, { store: kit.store });
  const { signMessageAsync, signedMessage } = useSignMessage();
  const { signTypedDataAsync, signedTypedData } = useSignTypedData();
  const { outcome, run } = useOutcome();
  const [solana, setSolana] = useState("");
  const [timings, setTimings] = useState("");
  const [code, setCode] = useState("");
  const { exportAccount, ExportAccountComponent } = useExportAccount();
  return (
    <main>
      <button type="button" onClick={() => openAuthModal()}>
        Sign in
      </button>
      <button type="button" onClick={() => run(() => authenticateAsync({ type: "passkey", createNew: true }))}>
        Sign up with a passkey
      </button>
      <p data-testid="status">{status}</p>
      <p data-testid="address">{user?.address ?? ""}</p>
      <p data-testid="email">{user?.email ?? ""}</p>
      <p data-testid="solana-address">{user?.solanaAddress ?? ""}</p>
      <p data-testid="custody">{user ? (user.custody ?? "server") : ""}</p>
      <p data-testid="device-share">{custody?.deviceShare === undefined ? "" : String(custody.deviceShare)}</p>
      <p data-testid="recovery-code">{custody?.recoveryCode ?? ""}</p>
      <p data-testid="outcome">{outcome}</p>
      <button type="button" onClick={() => run(() => signMessageAsync({ message: "signed in the frame" }))}>
        Sign message
      </button>
      <p data-testid="signature">{signedMessage ?? ""}</p>
      <button type="button" onClick={() => run(() => signTypedDataAsync(TYPED_DATA))}>
        Sign typed data
      </button>
      <p data-testid="typed-signature">{signedTypedData ?? ""}</p>
      <button
        type="button"
        onClick={() =>
          run(async () =>
            setSolana(await signer.signRawPayload({ payload: hex("a Solana message"), hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", signWith: user?.solanaAddress ?? "" })),
          )
        }
      >
        Sign Solana message
      </button>
      <p data-testid="solana-signature">{solana}</p>
      <button type="button" onClick={() => run(() => signer.custody.moveToSplit())}>
        Move to split custody
      </button>
      <label>
        Recovery code
        <input data-testid="recovery-input" value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <button type="button" onClick={() => run(() => signer.custody.recover(code))}>
        Recover
      </button>
      <button
        type="button"
        onClick={() =>
          run(async () => {
            const evm = await measure(30, (i) => signMessageAsync({ message: `measure ${i}` }));
            const svm = await measure(30, (i) => signer.signRawPayload({ payload: hex(`measure ${i}`), hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", signWith: user?.solanaAddress ?? "" }));
            const load = await measure(10, () => {
              signer.custody.reset();
              return signer.custody.ready();
            });
            setTimings(JSON.stringify({ evm, svm, load }));
          })
        }
      >
        Measure
      </button>
      <pre data-testid="timings">{timings}</pre>
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
