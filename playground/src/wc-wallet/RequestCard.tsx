import type { WalletKitTypes } from "@reown/walletkit";
import { styles } from "../styles";
import { describeRequest } from "./answer";

/** A session request waiting for the user's answer. */
export function RequestCard({ request, onApprove, onReject }: { request: WalletKitTypes.SessionRequest; onApprove: () => void; onReject: () => void }) {
  const { method, params } = request.params.request as { method: string; params: unknown[] };
  return (
    <li className={styles.card} aria-label={`Request ${method}`}>
      <strong className={styles.mono}>{method}</strong>
      <p className={styles.hint} data-testid="request-summary">
        {describeRequest(method, params)} on {request.params.chainId}
      </p>
      <div className={styles.row}>
        <button type="button" className={styles.button} onClick={onApprove}>
          Approve {method}
        </button>
        <button type="button" className={styles.secondary} onClick={onReject}>
          Reject {method}
        </button>
      </div>
    </li>
  );
}
