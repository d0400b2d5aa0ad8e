import { useEffect, useState } from "react";
import {
  buildSolanaTransaction,
  resolveSolanaEndpoint,
  useSolanaConnection,
  useSolanaSigner,
  useSolanaSignMessage,
  useSolanaTransaction,
} from "latch-kit/plugins/solana-embedded";
import { useSolanaWallet } from "latch-kit/plugins/solana";
import { createSolanaRpc, lamports, type Address } from "@solana/kit";
import { solanaRpcUrl } from "./config";
import { styles } from "./styles";

const LAMPORTS_PER_SOL = 1_000_000_000n;
// Any address will do on the local chain: this one belongs to nobody.
const DEFAULT_RECIPIENT = "7kuT1dfMhUysWcLEV1eYk8ir7RTjszHmsUdrrPQNThcv";
const sol = (lamports: bigint) => `${(Number(lamports) / Number(LAMPORTS_PER_SOL)).toFixed(4)} SOL`;

/** The user's Solana key: a signed message, a balance (airdrops on the local RPC), a transfer. */
export function SolanaActions() {
  const signer = useSolanaSigner();
  const { network, rpc } = useSolanaConnection();
  const sign = useSolanaSignMessage();
  const transfer = useSolanaTransaction();
  const [balance, setBalance] = useState<bigint | null>(null);
  const [rpcError, setRpcError] = useState<string | null>(null);
  const [recipient, setRecipient] = useState(DEFAULT_RECIPIENT);
  const address = signer?.address as Address | undefined;

  const refresh = async () => {
    if (!address) return;
    try {
      setBalance((await rpc.getBalance(address).send()).value);
      setRpcError(null);
    } catch {
      setRpcError("The Solana RPC does not answer: start it with npm start (or npm run solana).");
    }
  };
  useEffect(() => {
    void refresh();
    // When the address (or the endpoint) changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, rpc]);
  useEffect(() => {
    if (transfer.data) void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transfer.data]);

  if (!signer) return <p className={styles.hint}>This user has no Solana address.</p>;
  const airdrop = async () => {
    try {
      await rpc.requestAirdrop(address!, lamports(LAMPORTS_PER_SOL)).send();
      await refresh();
    } catch (error) {
      setRpcError(`Airdrop failed: ${(error as Error).message}`);
    }
  };

  return (
    <>
      <dl className={styles.dl}>
        <dt>Network</dt>
        <dd>{network}</dd>
        <dt>Balance</dt>
        <dd data-testid="solana-balance">{balance === null ? "—" : sol(balance)}</dd>
      </dl>
      <div className={styles.row}>
        <button type="button" className={styles.secondary} disabled={sign.isPending} onClick={() => sign.signMessage({ message: "Hello from Latch" })}>
          Sign a Solana message
        </button>
        <button type="button" className={styles.small} onClick={() => void airdrop()}>
          Airdrop 1 SOL (local RPC)
        </button>
      </div>
      {sign.signedMessage && (
        <pre className={styles.mono} data-testid="solana-signature">
          {sign.signedMessage}
        </pre>
      )}
      {sign.error && <p className={styles.error}>{sign.error.message}</p>}
      <label className={styles.field}>
        Send 0.01 SOL to
        <input value={recipient} onChange={(e) => setRecipient(e.target.value.trim())} spellCheck={false} />
      </label>
      <button
        type="button"
        className={styles.secondary}
        disabled={transfer.isPending || !recipient}
        onClick={() => transfer.sendTransaction({ transfer: { amount: LAMPORTS_PER_SOL / 100n, toAddress: recipient } })}
      >
        {transfer.isPending ? "Sending…" : "Send a Solana transfer"}
      </button>
      {transfer.data && (
        <pre className={styles.mono} data-testid="solana-transfer">
          {transfer.data.hash}
        </pre>
      )}
      {transfer.error && <p className={styles.error}>{transfer.error.message}</p>}
      {rpcError && <p className={styles.error}>{rpcError}</p>}
    </>
  );
}

/**
 * A Solana browser wallet user (the solana plugin): balance and airdrop on the local RPC, and a
 * transfer sent through the wallet (signAndSendTransaction, or signed by it and sent by the kit).
 */
export function SolanaWalletActions() {
  const wallet = useSolanaWallet();
  const [rpcUrl] = useState(solanaRpcUrl);
  const [rpc] = useState(() => createSolanaRpc(rpcUrl));
  const [balance, setBalance] = useState<bigint | null>(null);
  const [recipient, setRecipient] = useState(DEFAULT_RECIPIENT);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = wallet.publicKey as Address | undefined;

  const refresh = async () => {
    if (!address) return;
    try {
      setBalance((await rpc.getBalance(address).send()).value);
    } catch {
      setError("The Solana RPC does not answer: start it with npm start (or npm run solana).");
    }
  };
  useEffect(() => {
    void refresh();
    // When the wallet's account changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);
  if (!address) return <p className={styles.hint}>No Solana wallet connected.</p>;

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
      await refresh();
    } catch (e) {
      setError(`${(e as Error).name}: ${(e as Error).message}`);
    } finally {
      setPending(false);
    }
  };
  const airdrop = () => run(async () => void (await rpc.requestAirdrop(address, lamports(LAMPORTS_PER_SOL)).send()));
  const send = () =>
    run(async () => {
      const endpoint = resolveSolanaEndpoint({ rpcUrl });
      const { transaction, lastValidBlockHeight } = await buildSolanaTransaction(endpoint, { address }, { transfer: { amount: LAMPORTS_PER_SOL / 100n, toAddress: recipient } });
      const { hash, sentBy } = await wallet.sendTransaction(transaction, { lastValidBlockHeight });
      setSent(`${hash} (sent by the ${sentBy === "wallet" ? "wallet" : "kit's RPC endpoint"})`);
    });

  return (
    <>
      <dl className={styles.dl}>
        <dt>Wallet</dt>
        <dd>{wallet.walletName}</dd>
        <dt>Balance</dt>
        <dd data-testid="solana-wallet-balance">{balance === null ? "—" : sol(balance)}</dd>
      </dl>
      <button type="button" className={styles.small} disabled={pending} onClick={() => void airdrop()}>
        Airdrop 1 SOL to the wallet (local RPC)
      </button>
      <label className={styles.field}>
        Send 0.01 SOL to
        <input value={recipient} onChange={(e) => setRecipient(e.target.value.trim())} spellCheck={false} />
      </label>
      <button type="button" className={styles.secondary} disabled={pending || !recipient} onClick={() => void send()}>
        {pending ? "Sending…" : "Send through the wallet"}
      </button>
      {sent && (
        <pre className={styles.mono} data-testid="solana-wallet-transfer">
          {sent}
        </pre>
      )}
      {error && <p className={styles.error}>{error}</p>}
    </>
  );
}
