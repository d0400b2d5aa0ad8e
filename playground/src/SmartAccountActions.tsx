import { useSendUserOperation, useSmartAccountClient } from "latch-kit/plugins/smart-accounts";
import { styles } from "./styles";

const BURN = "0x000000000000000000000000000000000000dEaD";

/** The user's smart account on the devnet, and a user operation sent from it (sponsored when configured). */
export function SmartAccountActions() {
  const { client, address, isLoadingClient, error } = useSmartAccountClient();
  const send = useSendUserOperation({ client, waitForTxn: true });
  return (
    <>
      <dl className={styles.dl}>
        <dt>Smart account</dt>
        <dd data-testid="smart-account-address">{address ?? (isLoadingClient ? "setting up…" : "—")}</dd>
      </dl>
      {error && <p className={styles.error}>{error.message} — is the devnet running (npm run devnet)?</p>}
      <button
        type="button"
        className={styles.secondary}
        disabled={!client || send.isSendingUserOperation}
        onClick={() => send.sendUserOperation({ calls: [{ to: BURN, data: "0x1234" }] })}
      >
        {send.isSendingUserOperation ? "Sending…" : "Send a user operation"}
      </button>
      {send.sendUserOperationResult && (
        <dl className={styles.dl} data-testid="user-operation">
          <dt>User operation</dt>
          <dd>{send.sendUserOperationResult.hash}</dd>
          <dt>Transaction</dt>
          <dd>{send.sendUserOperationResult.transactionHash ?? "—"}</dd>
        </dl>
      )}
      {send.error && <p className={styles.error}>{send.error.message}</p>}
    </>
  );
}
