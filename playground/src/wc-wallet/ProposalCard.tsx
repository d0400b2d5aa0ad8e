import { useState } from "react";
import type { WalletKitTypes } from "@reown/walletkit";
import type { Address } from "viem";
import { styles } from "../styles";
import { DEV_KEYS, keyIndex } from "./keys";
import { approvedMethods, askedChains, DEVNET_CAIP } from "./wallet-kit";

/** A session proposal: who asks, for what, and with which test key to answer it. */
export function ProposalCard({ proposal, onApprove, onReject }: { proposal: WalletKitTypes.SessionProposal; onApprove: (address: Address) => void; onReject: () => void }) {
  const [address, setAddress] = useState<Address>(DEV_KEYS[0]!.address);
  const { metadata } = proposal.params.proposer;
  return (
    <section className={styles.card} aria-labelledby="proposal-title">
      <h2 id="proposal-title" className={styles.h2}>
        Session proposal from {metadata.name}
      </h2>
      <dl className={styles.dl}>
        <dt>App</dt>
        <dd data-testid="proposal-url">{metadata.url}</dd>
        <dt>Chains asked</dt>
        <dd>{askedChains(proposal).join(", ") || "none"} (approved: {DEVNET_CAIP})</dd>
        <dt>Methods</dt>
        <dd>{approvedMethods(proposal).join(", ")}</dd>
      </dl>
      <label className={styles.field}>
        Account (the devnet's public test keys)
        <select value={address} onChange={(e) => setAddress(e.target.value as Address)}>
          {DEV_KEYS.map((key) => (
            <option key={key.address} value={key.address}>
              #{keyIndex(key)} {key.address}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.row}>
        <button type="button" className={styles.button} onClick={() => onApprove(address)}>
          Approve
        </button>
        <button type="button" className={styles.secondary} onClick={onReject}>
          Reject
        </button>
      </div>
    </section>
  );
}
