import { parseEther, type Address } from "viem";
import { useSendTransaction } from "latch-kit/plugins/evm";
import { styles } from "./styles";

const AMOUNT = "0.001";

/** An external EVM wallet sends its own transactions: one to the user's own address, signed and broadcast by the wallet. */
export function EvmWalletActions({ address }: { address: Address }) {
  const { sendTransaction, hash, isPending, error } = useSendTransaction();
  return (
    <>
      <p className={styles.hint}>The wallet signs and broadcasts (useSendTransaction from latch-kit/plugins/evm); it asks you first.</p>
      <button type="button" className={styles.small} disabled={isPending} onClick={() => sendTransaction({ to: address, value: parseEther(AMOUNT) })}>
        Send {AMOUNT} ETH to yourself
      </button>
      {hash && (
        <p className={styles.hint}>
          Sent: <code data-testid="evm-tx-hash">{hash}</code>
        </p>
      )}
      {error && <p className={styles.error}>{error.message}</p>}
    </>
  );
}
