import { useEffect, useState } from "react";
import { AuthCard, useAuthModal, useLogout, useSignerStatus, useSignMessage, useSignTypedData, useUser, useKit } from "latch-kit/react";
import { getEmbeddedSigner } from "latch-kit";
import type { PlaygroundConfig } from "./config";
import type { EventLogEntry } from "./kit";
import { styles } from "./styles";

const typedData = {
  domain: { name: "Latch playground", version: "1", chainId: 1 },
  types: { Greeting: [{ name: "text", type: "string" }] },
  primaryType: "Greeting",
  message: { text: "Hello from Latch" },
} as const;

export function AccountPanel({ config, events }: { config: PlaygroundConfig; events: EventLogEntry[] }) {
  const user = useUser();
  const { status, isConnected } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const { logout } = useLogout();
  const [message, setMessage] = useState("Hello from Latch");
  const sign = useSignMessage();
  const signTyped = useSignTypedData();

  return (
    <div className={styles.card}>
      <h2 className={styles.h2}>Account</h2>
      <p>
        Status: <strong data-testid="status">{status}</strong>
      </p>
      {!isConnected && config.uiMode === "modal" && (
        <button type="button" className={styles.button} onClick={openAuthModal}>
          Sign in
        </button>
      )}
      {!isConnected && config.uiMode === "embedded" && <AuthCard />}
      {user && (
        <>
          <dl className={styles.dl} data-testid="user">
            <dt>Type</dt>
            <dd data-testid="user-type">{user.type}</dd>
            <dt>Address</dt>
            <dd data-testid="user-address">{user.address}</dd>
            <dt>Solana</dt>
            <dd data-testid="user-solana">{user.solanaAddress ?? "—"}</dd>
            <dt>Email</dt>
            <dd data-testid="user-email">{user.email ?? "—"}</dd>
            <dt>Phone</dt>
            <dd data-testid="user-phone">{user.phone ?? "—"}</dd>
            <dt>Session</dt>
            <dd>
              <SessionRemaining />
            </dd>
          </dl>
          <label className={styles.field}>
            Message
            <input value={message} onChange={(e) => setMessage(e.target.value)} />
          </label>
          <button type="button" className={styles.button} disabled={sign.isPending} onClick={() => sign.signMessage({ message })}>
            Sign message
          </button>
          {sign.signedMessage && (
            <pre className={styles.mono} data-testid="signature">
              {sign.signedMessage}
            </pre>
          )}
          {sign.error && <p className={styles.error}>{sign.error.message}</p>}
          <button type="button" className={styles.secondary} onClick={() => signTyped.signTypedData(typedData)}>
            Sign typed data
          </button>
          {signTyped.signedTypedData && (
            <pre className={styles.mono} data-testid="typed-signature">
              {signTyped.signedTypedData}
            </pre>
          )}
          {signTyped.error && <p className={styles.error}>{signTyped.error.message}</p>}
          <button type="button" className={styles.secondary} onClick={() => logout()}>
            Log out
          </button>
        </>
      )}
      <h2 className={styles.h2}>Events</h2>
      <ul className={styles.log} data-testid="events">
        {events.map((e) => (
          <li key={`${e.at}-${e.event}-${e.detail}`}>
            {new Date(e.at).toLocaleTimeString()} {e.event} {e.detail}
          </li>
        ))}
      </ul>
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
  return <span data-testid="session-remaining">{`${Math.floor(seconds / 60)} min ${seconds % 60} s left`}</span>;
}
