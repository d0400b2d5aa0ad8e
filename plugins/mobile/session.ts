// One Mobile Wallet Adapter session on @solana-mobile/mobile-wallet-adapter-protocol: local
// association (`transact`: hand-off to a wallet on this device) or remote association
// (`startRemoteScenario`: a reflector; the association URL goes to the user as a QR code). It reports
// the session states and turns the library's errors into ours.
import { startRemoteScenario, transact, type MobileWallet as MwaWallet } from "@solana-mobile/mobile-wallet-adapter-protocol";
import type { AssociationKind } from "./environment";
import { MOBILE_WALLET_ERROR_CODES, MobileWalletError, fromLibraryError } from "./errors";
import { observeAssociationSockets } from "./hello-observer";

export type { MwaWallet };

/** The state of a mobile wallet session. */
export type MobileSessionState = "disconnected" | "connecting" | "reflector_id_received" | "hello_req_sent" | "connected";

/** Options of {@link runMobileSession}: association, and a listener of its states. */
export interface MobileSessionOptions {
  kind: AssociationKind;
  /** Remote association: the reflector's host[:port] (the library dials `wss://{it}/reflect`). */
  remoteHostAuthority?: string | undefined;
  /** An https base URL of a wallet's own association endpoint (from an earlier authorization). */
  baseUri?: string | undefined;
  /** Called on each state change of the session. */
  onState: (state: MobileSessionState) => void;
  /** Remote association: the URL to show as a QR code, then `null` once the wallet joined (HELLO_REQ sent) or the session ended. */
  onAssociationUrl?: (url: string | null) => void;
  /** Remote association: ends the session before the wallet joins (the QR modal's Cancel). */
  signal?: AbortSignal;
}

/** Runs one mobile wallet session: associates, calls `run` with the wallet, and closes. */
export async function runMobileSession<T>(options: MobileSessionOptions, run: (wallet: MwaWallet) => Promise<T>): Promise<T> {
  const { onState } = options;
  onState("connecting");
  let socketClosed!: (error: Error) => void;
  const closed = new Promise<never>((_, reject) => (socketClosed = reject));
  const stopObserving = observeAssociationSockets({
    onHelloRequestSent: () => {
      onState("hello_req_sent");
      // Remote: the library sends HELLO_REQ when the reflector says the wallet joined; the QR code
      // has done its job (the reflector takes no second wallet on that id), so it goes now, not
      // once the wallet answered.
      options.onAssociationUrl?.(null);
    },
    onClosedAfterOpen: (event) =>
      socketClosed(new MobileWalletError(MOBILE_WALLET_ERROR_CODES.sessionClosed, `The wallet session was closed (${event.code}${event.reason ? `: ${event.reason}` : ""}).`)),
  });
  try {
    const onConnected = (wallet: MwaWallet) => {
      onState("connected");
      return run(wallet);
    };
    const session =
      options.kind === "local" ? transact(onConnected, options.baseUri ? { baseUri: options.baseUri } : undefined) : runRemote(options, onConnected);
    session.catch(() => {}); // when the close wins the race, a late rejection is not unhandled
    // The library leaves its promises pending when the socket closes under it; the close settles them.
    return await Promise.race([session, closed]);
  } catch (error) {
    // A cancel closes the socket too: whichever settles first, the user's cancel is the reason.
    if (options.signal?.aborted) throw options.signal.reason;
    throw fromLibraryError(error);
  } finally {
    stopObserving();
    onState("disconnected");
  }
}

async function runRemote<T>(options: MobileSessionOptions, run: (wallet: MwaWallet) => Promise<T>): Promise<T> {
  const { remoteHostAuthority, signal } = options;
  if (!remoteHostAuthority) throw new TypeError("Remote association needs `remoteHostAuthority` (the reflector's host).");
  signal?.throwIfAborted();
  const scenario = await startRemoteScenario({ remoteHostAuthority, ...(options.baseUri ? { baseUri: options.baseUri } : {}) });
  // The library resolves the scenario once the reflector sent the session's id.
  options.onState("reflector_id_received");
  options.onAssociationUrl?.(scenario.associationUrl.toString());
  const onAbort = () => scenario.close();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    if (signal?.aborted) scenario.close();
    const wallet = await scenario.wallet;
    options.onAssociationUrl?.(null);
    return await run(wallet);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    options.onAssociationUrl?.(null);
    scenario.close();
  }
}
