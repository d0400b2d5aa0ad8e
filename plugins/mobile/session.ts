// One Mobile Wallet Adapter session on our own transport (transport/): local association (hand-off
// to a wallet on this device) or remote association (a reflector; the association URL goes to the
// user as a QR code). It reports the session states; the transport's errors are ours already.
import type { AssociationKind } from "./environment";
import { connectMwa, type MwaSession } from "./transport/connection";
import type { MwaWallet } from "./transport/wallet-api";

export type { MwaWallet };

/** The state of a mobile wallet session. */
export type MobileSessionState = "disconnected" | "connecting" | "reflector_id_received" | "hello_req_sent" | "connected";

/** Options of {@link runMobileSession}: association, and a listener of its states. */
export interface MobileSessionOptions {
  kind: AssociationKind;
  /** Remote association: the reflector's host[:port] (we dial `wss://{it}/reflect`). */
  remoteHostAuthority?: string | undefined;
  /** An https base URL of a wallet's own association endpoint (from an earlier authorization). */
  baseUri?: string | undefined;
  /** Called on each state change of the session. */
  onState: (state: MobileSessionState) => void;
  /** Remote association: the URL to show as a QR code, then `null` once the wallet joined (HELLO_REQ sent) or the session ended. */
  onAssociationUrl?: (url: string | null) => void;
  /** Ends the session (the QR modal's Cancel); the reason is what the session rejects with. */
  signal?: AbortSignal;
  /** The WebSocket constructor to dial with; default the page's own, read when dialling. */
  WebSocket?: typeof WebSocket;
}

/** Runs one mobile wallet session: associates, calls `run` with the wallet, and closes. */
export async function runMobileSession<T>(options: MobileSessionOptions, run: (wallet: MwaWallet) => Promise<T>): Promise<T> {
  const { onState, signal } = options;
  onState("connecting");
  let session: MwaSession | undefined;
  try {
    session = await connectMwa({
      kind: options.kind,
      remoteHostAuthority: options.remoteHostAuthority,
      baseUri: options.baseUri,
      signal,
      ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
      onAssociationUrl: (url) => {
        onState("reflector_id_received");
        options.onAssociationUrl?.(url);
      },
      onHelloSent: () => {
        onState("hello_req_sent");
        // Remote: the QR code has done its job (the reflector takes no second wallet on that id).
        options.onAssociationUrl?.(null);
      },
    });
    onState("connected");
    const work = run(session.wallet);
    work.catch(() => {}); // when the session's end wins the race, a late rejection is not unhandled
    // Every request rejects when the session ends; the race also settles work that awaits something else.
    return await Promise.race([work, session.ended]);
  } catch (error) {
    // A cancel ends the session too: whatever settles first, the user's cancel is the reason.
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    session?.close();
    if (options.kind === "remote") options.onAssociationUrl?.(null);
    onState("disconnected");
  }
}
