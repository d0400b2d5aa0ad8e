import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { WalletKitTypes } from "@reown/walletkit";
import type { Address } from "viem";
import { styles } from "../styles";
import { answerRequest, errorOf } from "./answer";
import { keyByAddress, keyOf } from "./keys";
import { ProposalCard } from "./ProposalCard";
import { RequestCard } from "./RequestCard";
import { approve, USER_REJECTED, type DevWalletKit } from "./wallet-kit";

type Session = ReturnType<DevWalletKit["getActiveSessions"]>[string];

export function WcWalletApp({ kit, relayUrl, rpcUrl }: { kit: DevWalletKit; relayUrl: string; rpcUrl: string }) {
  const [link, setLink] = useState("");
  const [pairError, setPairError] = useState("");
  const [proposal, setProposal] = useState<WalletKitTypes.SessionProposal | null>(null);
  const [requests, setRequests] = useState<WalletKitTypes.SessionRequest[]>(() => kit.getPendingSessionRequests() as WalletKitTypes.SessionRequest[]);
  const [sessions, setSessions] = useState<Session[]>(() => Object.values(kit.getActiveSessions()));
  const [activity, setActivity] = useState<string[]>([]);
  const nextLine = useRef(0);
  const note = useCallback((line: string) => setActivity((list) => [`${++nextLine.current}. ${line}`, ...list].slice(0, 50)), []);
  const refreshSessions = useCallback(() => setSessions(Object.values(kit.getActiveSessions())), [kit]);

  useEffect(() => {
    const onProposal = (event: WalletKitTypes.SessionProposal) => setProposal(event);
    const onRequest = (event: WalletKitTypes.SessionRequest) => setRequests((list) => [...list, event]);
    const onDelete = () => {
      refreshSessions();
      note("The app ended a session");
    };
    kit.on("session_proposal", onProposal);
    kit.on("session_request", onRequest);
    kit.on("session_delete", onDelete);
    return () => {
      kit.off("session_proposal", onProposal);
      kit.off("session_request", onRequest);
      kit.off("session_delete", onDelete);
    };
  }, [kit, note, refreshSessions]);

  const pair = async (event: FormEvent) => {
    event.preventDefault();
    setPairError("");
    try {
      await kit.pair({ uri: link.trim() });
      setLink("");
      note("Paired: waiting for the app's session proposal");
    } catch (error) {
      setPairError(errorOf(error).message);
    }
  };

  const approveProposal = async (address: Address) => {
    if (!proposal) return;
    setProposal(null);
    try {
      const session = await approve(kit, proposal, address);
      note(`Connected to ${session.peer.metadata.name} as ${address}`);
    } catch (error) {
      note(`Approval failed: ${errorOf(error).message}`);
    }
    refreshSessions();
  };

  const rejectProposal = async () => {
    if (!proposal) return;
    setProposal(null);
    await kit.rejectSession({ id: proposal.id, reason: USER_REJECTED }).catch((error) => note(`Rejection failed: ${errorOf(error).message}`));
    note("Rejected the session proposal");
  };

  const respond = async (request: WalletKitTypes.SessionRequest, approved: boolean) => {
    setRequests((list) => list.filter((r) => r.id !== request.id));
    const { method, params } = request.params.request as { method: string; params: unknown[] };
    const account = keyOf(kit.getActiveSessions()[request.topic]?.namespaces.eip155?.accounts[0]);
    let response: { result: unknown } | { error: { code: number; message: string } };
    if (!approved) response = { error: USER_REJECTED };
    else if (!account) response = { error: { code: 4100, message: "This session's account is not a dev key" } };
    else response = await answerRequest(account, rpcUrl, method, params).then((result) => ({ result }), (error: unknown) => ({ error: errorOf(error) }));
    await kit.respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: "2.0", ...response } });
    note("result" in response ? `${method}: ${String(response.result)}` : `${method} refused: ${response.error.message}`);
  };

  const disconnect = async (session: Session) => {
    await kit.disconnectSession({ topic: session.topic, reason: { code: 6000, message: "User disconnected." } }).catch((error) => note(`Disconnect failed: ${errorOf(error).message}`));
    refreshSessions();
    note(`Disconnected from ${session.peer.metadata.name}`);
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Dev WalletConnect wallet</h1>
          <p className={styles.subtitle}>Playground only: pairs through the local relay at {relayUrl} and signs with the devnet's public test keys.</p>
        </div>
      </header>
      <main className={styles.walletMain}>
        <form className={styles.card} onSubmit={(e) => void pair(e)} aria-labelledby="pair-title">
          <h2 id="pair-title" className={styles.h2}>
            Pair with an app
          </h2>
          <label className={styles.field}>
            Pairing link (Copy link in the app's WalletConnect modal)
            <input value={link} onChange={(e) => setLink(e.target.value)} placeholder="wc:…@2?…" spellCheck={false} />
          </label>
          <button type="submit" className={styles.button} disabled={!link.trim().startsWith("wc:")}>
            Pair
          </button>
          {pairError && (
            <p className={styles.error} role="alert">
              {pairError}
            </p>
          )}
        </form>

        {proposal && <ProposalCard proposal={proposal} onApprove={(a) => void approveProposal(a)} onReject={() => void rejectProposal()} />}

        {requests.length > 0 && (
          <section className={styles.card} aria-labelledby="requests-title">
            <h2 id="requests-title" className={styles.h2}>
              Requests
            </h2>
            <ul className={styles.sectionList}>
              {requests.map((request) => (
                <RequestCard key={request.id} request={request} onApprove={() => void respond(request, true)} onReject={() => void respond(request, false)} />
              ))}
            </ul>
          </section>
        )}

        <section className={styles.card} aria-labelledby="sessions-title">
          <h2 id="sessions-title" className={styles.h2}>
            Sessions
          </h2>
          {sessions.length === 0 && <p className={styles.hint}>None yet: paste an app's pairing link above.</p>}
          <ul className={styles.sectionList}>
            {sessions.map((session) => (
              <li key={session.topic} className={styles.row} data-testid="session">
                <span className={styles.grow}>
                  {session.peer.metadata.name} — {keyByAddress(session.namespaces.eip155?.accounts[0]?.split(":")[2] as Address)?.address ?? "?"}
                </span>
                <button type="button" className={styles.small} onClick={() => void disconnect(session)}>
                  Disconnect
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.card} aria-labelledby="activity-title">
          <h2 id="activity-title" className={styles.h2}>
            Activity
          </h2>
          <ol className={styles.log} data-testid="activity" aria-live="polite">
            {activity.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
      </main>
    </div>
  );
}
