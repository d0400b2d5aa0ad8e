import { useState } from "react";
import { useAtomValue } from "jotai/react";
import { useKit, useUser } from "latch-kit/react";
import { getEmbeddedSigner } from "latch-kit";
import { styles } from "./styles";

/** Which custody the wallet is in (`npm start -- --custody=split` for split), the recovery code once, and the custody actions. */
export function CustodyPanel() {
  const kit = useKit();
  const user = useUser();
  const custody = getEmbeddedSigner(kit).custody;
  const status = useAtomValue(custody.statusAtom, { store: kit.store });
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  if (!user || user.type !== "sca") return null;
  const run = (action: () => Promise<unknown>) => {
    setError("");
    action().catch((e: Error) => setError(e.message));
  };
  return (
    <>
      <h3 className={styles.h3}>Custody</h3>
      <dl className={styles.dl}>
        <dt>Mode</dt>
        <dd data-testid="user-custody">{user.custody === "split" ? "split (2-of-3: this device, the server, a recovery box)" : user.custody === "pending" ? "pending (split at sign-in)" : "server"}</dd>
        {status?.deviceShare === false && (
          <>
            <dt>This device</dt>
            <dd>holds no share: recover with your recovery code</dd>
          </>
        )}
      </dl>
      {status?.recoveryCode && (
        <p>
          Save your recovery code; without it and this device, the wallet cannot be recovered: <code data-testid="recovery-code">{status.recoveryCode}</code>
        </p>
      )}
      {!user.custody && (
        <button type="button" className={styles.secondary} onClick={() => run(() => custody.moveToSplit())}>
          Move to split custody
        </button>
      )}
      {user.custody === "split" && (
        <div className={styles.row}>
          <label className={styles.field}>
            Recovery code
            <input value={code} onChange={(e) => setCode(e.target.value)} />
          </label>
          <button type="button" className={styles.secondary} onClick={() => run(() => custody.recover(code))}>
            Recover
          </button>
        </div>
      )}
      {error && <p className={styles.error}>{error}</p>}
    </>
  );
}
