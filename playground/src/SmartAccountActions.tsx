import { useCallback, useEffect, useState } from "react";
import { createSmartAccountClient, providerRpcUrl, sendUserOperation, waitForUserOperationTransaction } from "latch-kit/chain";
import { useAction } from "latch-kit/react";
import { useChain, useSendUserOperation, useSmartAccountClient } from "latch-kit/plugins/smart-accounts";
import { styles } from "./styles";

const BURN = "0x000000000000000000000000000000000000dEaD";

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const answer = (await response.json()) as { result?: T; error?: { message: string } };
  if (answer.error) throw new Error(answer.error.message);
  return answer.result as T;
}

/**
 * The user's smart account on the devnet: its address and balance, a user operation whose gas the
 * policy sponsors (the configured one), and a test transaction that pays its own gas.
 */
export function SmartAccountActions() {
  const { client, address, isLoadingClient, error } = useSmartAccountClient();
  const { chain } = useChain();
  const rpcUrl = providerRpcUrl(chain) ?? chain.rpcUrls.default.http[0]!;
  const send = useSendUserOperation({ client, waitForTxn: true });
  const [balance, setBalance] = useState<bigint | null>(null);

  const refresh = useCallback(async () => {
    if (address) setBalance(BigInt(await rpc<string>(rpcUrl, "eth_getBalance", [address, "latest"]).catch(() => "0x0")));
  }, [address, rpcUrl]);
  useEffect(() => {
    void refresh();
  }, [refresh, send.sendUserOperationResult]);

  // The devnet's own RPC method gives the account ETH, so it can pay for a transaction itself.
  const fund = useAction(async () => {
    await rpc(rpcUrl, "anvil_setBalance", [address, "0xde0b6b3a7640000"]);
    await refresh();
  });
  const selfPaid = useAction(async () => {
    if (!client) throw new Error("The smart account client is not ready");
    const unsponsored = createSmartAccountClient({ account: client.account, retry: client.retry });
    const { hash } = await sendUserOperation(unsponsored, { calls: [{ to: BURN, value: 1n }] });
    const transactionHash = await waitForUserOperationTransaction(unsponsored, { hash });
    await refresh();
    return transactionHash;
  });

  return (
    <>
      <dl className={styles.dl}>
        <dt>Smart account</dt>
        <dd data-testid="smart-account-address">{address ?? (isLoadingClient ? "setting up…" : "—")}</dd>
        <dt>Balance</dt>
        <dd data-testid="smart-account-balance">{balance === null ? "—" : `${Number(balance) / 1e18} ETH`}</dd>
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
          <dd>{send.sendUserOperationResult.userOperationHash}</dd>
          <dt>Transaction</dt>
          <dd>{send.sendUserOperationResult.transactionHash ?? "—"}</dd>
        </dl>
      )}
      {send.error && <p className={styles.error}>{send.error.message}</p>}
      <button type="button" className={styles.secondary} disabled={!address || fund.isPending} onClick={() => fund.run()}>
        Add 1 ETH (devnet)
      </button>
      <button type="button" className={styles.secondary} disabled={!client || selfPaid.isPending} onClick={() => selfPaid.run()}>
        {selfPaid.isPending ? "Sending…" : "Send a test transaction (pays its own gas)"}
      </button>
      {selfPaid.data && (
        <dl className={styles.dl} data-testid="self-paid-transaction">
          <dt>Transaction</dt>
          <dd>{selfPaid.data}</dd>
        </dl>
      )}
      {selfPaid.error && <p className={styles.error}>{selfPaid.error.message}</p>}
      {fund.error && <p className={styles.error}>{fund.error.message}</p>}
    </>
  );
}
