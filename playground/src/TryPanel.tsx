import { useEffect, useState } from "react";
import { css } from "@emotion/css";
import {
  AuthCard,
  darkTokens,
  Illustration,
  lightTokens,
  useAuthModal,
  useKit,
  useKitAtom,
  useSignerStatus,
  useTheme,
  type IllustrationName,
} from "latch-kit/react";
import type { PlaygroundConfig } from "./config";
import type { EventLogEntry } from "./kit";
import { AccountPanel } from "./AccountPanel";
import { DevJwtSignIn } from "./DevJwtSignIn";
import { styles } from "./styles";

const ILLUSTRATIONS: IllustrationName[] = ["mail", "phone", "passkey", "shield", "wallet"];

/** The live dialog (or, once signed in, the account), then the events the kit emitted. */
export function TryPanel({ config, events, onClearEvents }: { config: PlaygroundConfig; events: EventLogEntry[]; onClearEvents: () => void }) {
  const { status, isConnected } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const modalOpen = useKitAtom((a) => a.modalOpen);
  const step = useKitAtom((a) => a.authStep);
  // The card finishes its flow (a success screen, then 'complete', which calls onAuthSuccess)
  // before the account replaces it.
  const cardShown = !isConnected || (step.type !== "complete" && step.type !== "initial");
  // Connected while the account panel was showing: a step the card shows now is a confirmation, not a sign-in.
  const [signedInBefore, setSignedInBefore] = useState(false);
  useEffect(() => {
    if (!isConnected) setSignedInBefore(false);
    else if (!cardShown) setSignedInBefore(true);
  }, [isConnected, cardShown]);
  // After a logout the embedded card would still be on 'complete' (an empty screen): start over.
  const kit = useKit();
  useEffect(() => {
    if (!isConnected && status !== "INITIALIZING" && step.type === "complete") kit.setStep({ type: "initial" });
  }, [kit, isConnected, status, step.type]);
  const embedded = config.uiMode === "embedded";
  const { resolved } = useTheme();
  // The kit's colours, as on its own root elements, for the illustrations shown outside the dialog.
  const tokens = css(resolved === "dark" ? darkTokens : lightTokens, { background: "var(--latch-bg)", borderRadius: 10, padding: 8 });

  return (
    <>
      <section className={styles.card} aria-labelledby="try-title">
        <h2 id="try-title" className={styles.h2}>
          {isConnected ? "Signed in" : "Try it"}
        </h2>
        <p className={styles.row}>
          <span>
            Status: <strong data-testid="status">{status}</strong>
          </span>
        </p>
        {!isConnected && !embedded && (
          <>
            <button type="button" className={styles.button} onClick={openAuthModal}>
              Sign in
            </button>
            {/* What the modal will show: a picture of it (dimmed, labelled, not clickable), not a second copy to type into. */}
            {!modalOpen && (
              <figure className={styles.fieldset} style={{ margin: 0 }}>
                <div className={styles.picture}>
                  <span className={styles.pictureLabel}>Preview: not interactive. Use Sign in above.</span>
                  <div className={styles.preview} inert aria-hidden="true" data-testid="dialog-preview">
                    <AuthCard />
                  </div>
                </div>
                <figcaption className={styles.hint}>What uiMode modal opens in a dialog (a bottom sheet on a phone) when the app calls openAuthModal.</figcaption>
              </figure>
            )}
          </>
        )}
        {cardShown && embedded && (
          <div className={styles.preview} data-testid="dialog-embedded">
            <AuthCard />
          </div>
        )}
        {!isConnected && config.customJwt && <DevJwtSignIn />}
        {/* Kept mounted while the card asks a signed-in user to confirm a change (step-up): the action waits in it. */}
        {isConnected && (!(cardShown && embedded) || signedInBefore) && <AccountPanel />}
        {!isConnected && (
          <figure className={styles.fieldset} style={{ margin: 0 }}>
            <div className={`${styles.illustrations} ${tokens}`} data-testid="illustrations">
              {ILLUSTRATIONS.map((name) => (
                <Illustration key={name} name={name} size={40} />
              ))}
            </div>
            <figcaption className={styles.hint}>Illustrations in the '{config.illustrationStyle}' style, as the code, passkey and wallet steps show them.</figcaption>
          </figure>
        )}
      </section>
      <section className={styles.card} aria-labelledby="events-title">
        <div className={styles.row}>
          <h2 id="events-title" className={`${styles.h2} ${styles.grow}`}>
            Events
          </h2>
          <button type="button" className={styles.small} onClick={onClearEvents}>
            Clear
          </button>
        </div>
        <p className={styles.hint}>kit.events, newest first: connected, authenticating, newUserSignup, track, status and step changes.</p>
        <ul className={styles.log} data-testid="events" aria-label="Events, newest first">
          {events.map((e) => (
            <li key={e.id}>
              <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleTimeString()}</time> <strong>{e.event}</strong> {e.detail}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
