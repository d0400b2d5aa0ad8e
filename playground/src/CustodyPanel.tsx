import { useState } from "react";
import { useAtomValue } from "jotai/react";
import { useKit, useUser } from "latch-kit/react";
import { CUSTODY_TEXT as TEXT, getEmbeddedSigner } from "latch-kit";
import { styles } from "./styles";

/**
 * Which custody the wallet is in (`npm start -- --custody=split` for split), how its recovery share is
 * locked, whether this device holds its share, the recovery code once (without the split-custody
 * plugin's screens), and the custody actions.
 */
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
      <h3 className={styles.h3}>{TEXT.title}</h3>
      <dl className={styles.dl}>
        <dt>Mode</dt>
        <dd data-testid="user-custody">{user.custody === "split" ? TEXT.modeSplit : user.custody === "pending" ? TEXT.modePending : TEXT.modeServer}</dd>
        {status?.recoveryKind && (
          <>
            <dt>Recovery</dt>
            <dd data-testid="custody-recovery">{status.recoveryKind === "passkey" ? "Your passkey (WebAuthn PRF, in the signer frame)" : "A recovery code"}</dd>
          </>
        )}
        {status?.deviceShare !== undefined && (
          <>
            <dt>This device</dt>
            <dd data-testid="custody-device">{status.deviceShare ? "Holds its share" : TEXT.noDeviceShare}</dd>
          </>
        )}
      </dl>
      {status?.recoveryCode && (
        <div>
          <p>
            <strong>{TEXT.saveCodeTitle}</strong> {TEXT.saveCodeBody}
          </p>
          <code data-testid="recovery-code">{status.recoveryCode}</code>
          <p>{TEXT.lossWarning}</p>
        </div>
      )}
      {!user.custody && (
        <button title={TEXT.moveBody} type="button" className={styles.secondary} onClick={() => run(() => custody.moveToSplit())}>
          {TEXT.moveAction}
        </button>
      )}
      {user.custody === "split" && (
        <div className={styles.row}>
          <label className={styles.field}>
            {TEXT.codeLabel}
            <input value={code} onChange={(e) => setCode(e.target.value)} />
          </label>
          <button type="button" className={styles.secondary} onClick={() => run(() => custody.recover(code))}>
            {TEXT.recoverAction}
          </button>
        </div>
      )}
      {error && <p className={styles.error}>{error}</p>}
    </>
  );
}
