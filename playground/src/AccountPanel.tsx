import { useEffect, useState } from "react";
import { useKit, useLogout, useSignMessage, useSignTypedData, useUser } from "latch-kit/react";
import { getEmbeddedSigner } from "latch-kit";
import { AccountSettings } from "./AccountSettings";
import { CustodyPanel } from "./CustodyPanel";
import { SmartAccountActions } from "./SmartAccountActions";
import { SolanaActions, SolanaWalletActions } from "./SolanaActions";
import { styles } from "./styles";
import { EvmWalletActions } from "./EvmWalletActions";

const typedData = {
  domain: { name: "Latch playground", version: "1", chainId: 1 },
  types: { Greeting: [{ name: "text", type: "string" }] },
  primaryType: "Greeting",
  message: { text: "Hello from Latch" },
} as const;

/** The signed-in user, the session, and what an app can do with them. */
export function AccountPanel() {
  const user = useUser();
  const { logout } = useLogout();
  const [message, setMessage] = useState("Hello from Latch");
  const sign = useSignMessage();
  const signTyped = useSignTypedData();
  const kit = useKit();
  if (!user) return null;

  return (
    <div className={styles.fieldset}>
      <dl className={styles.dl} data-testid="user">
        <dt>Type</dt>
        <dd data-testid="user-type">{user.type === "sca" ? "sca (embedded smart account)" : "eoa (external wallet)"}</dd>
        <dt>Address</dt>
        <dd data-testid="user-address">{user.address}</dd>
        <dt>Solana</dt>
        <dd data-testid="user-solana">{user.solanaAddress ?? "—"}</dd>
        <dt>Email</dt>
        <dd data-testid="user-email">{user.email ?? "—"}</dd>
        <dt>Phone</dt>
        <dd data-testid="user-phone">{user.phone ?? "—"}</dd>
        {user.type === "sca" && (
          <>
            <dt>Session</dt>
            <dd>
              <SessionRemaining />
            </dd>
          </>
        )}
      </dl>

      <CustodyPanel />

      <h3 className={styles.h3}>Sign</h3>
      <label className={styles.field}>
        Message
        <input value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <div className={styles.row}>
        <button type="button" className={styles.button} disabled={sign.isPending} onClick={() => sign.signMessage({ message })}>
          Sign message
        </button>
        <button type="button" className={styles.secondary} disabled={signTyped.isPending} onClick={() => signTyped.signTypedData(typedData)}>
          Sign typed data
        </button>
      </div>
      {sign.signedMessage && (
        <pre className={styles.mono} data-testid="signature">
          {sign.signedMessage}
        </pre>
      )}
      {sign.error && <p className={styles.error}>{sign.error.message}</p>}
      {signTyped.signedTypedData && (
        <pre className={styles.mono} data-testid="typed-signature">
          {signTyped.signedTypedData}
        </pre>
      )}
      {signTyped.error && <p className={styles.error}>{signTyped.error.message}</p>}

      <h3 className={styles.h3}>Transactions</h3>
      {user.type === "sca" && kit.hasPlugin("smart-accounts") ? (
        <SmartAccountActions />
      ) : user.type === "eoa" && !user.solanaAddress && kit.hasPlugin("evm") ? (
        <EvmWalletActions address={user.address} />
      ) : (
        <p className={styles.hint}>
          {user.type === "sca"
            ? "Choose a smart account under Configure to send user operations on the devnet."
            : "Smart accounts are for embedded-wallet users; this wallet sends through its own plugin."}
        </p>
      )}
      <h3 className={styles.h3}>Solana</h3>
      {user.type === "sca" && kit.hasPlugin("solana-embedded") ? (
        <SolanaActions />
      ) : user.type === "eoa" && user.solanaAddress && kit.hasPlugin("solana") ? (
        <SolanaWalletActions />
      ) : (
        <p className={styles.hint}>
          {user.type === "sca" ? "Switch Solana on under Configure to sign and send on the local Solana RPC." : "Signing with a Solana browser wallet: see useSolanaWallet() in latch-kit/plugins/solana."}
        </p>
      )}

      {user.type === "sca" && <AccountSettings />}

      <button type="button" className={styles.secondary} onClick={() => logout()}>
        Log out
      </button>
    </div>
  );
}

function SessionRemaining() {
  const kit = useKit();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const session = getEmbeddedSigner(kit).sessions.load();
  if (!session) return <span>—</span>;
  const seconds = Math.max(0, Math.round((session.expirationDateMs - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const text = h > 0 ? `${h} h ${Math.floor((seconds % 3600) / 60)} min left` : `${Math.floor(seconds / 60)} min ${seconds % 60} s left`;
  return (
    <span data-testid="session-remaining">
      {text} ({session.type})
    </span>
  );
}
