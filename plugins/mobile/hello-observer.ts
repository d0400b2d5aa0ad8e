// The library keeps its session state to itself. Two things we need are only visible on the socket:
// HELLO_REQ, the first frame the app sends on the association socket (nothing is sent before it,
// locally or through a reflector), and the socket closing under an open session (the library then
// leaves its promises pending). For the length of one session we swap `WebSocket` for a subclass that
// reports both on sockets speaking the MWA subprotocol; other sockets are untouched, and the
// original constructor comes back when the session ends.

/** The WebSocket subprotocol of mobile wallet associations. */
export const MWA_WEBSOCKET_PROTOCOL = "com.solana.mobilewalletadapter.v1";

type Target = { WebSocket: typeof WebSocket };

export interface SocketObserver {
  onHelloRequestSent(): void;
  /** A socket that had opened closed (retries of sockets that never opened are not reported). */
  onClosedAfterOpen(event: CloseEvent): void;
}

const speaksMwa = (protocols?: string | string[]) => ([] as string[]).concat(protocols ?? []).some((p) => p.startsWith(MWA_WEBSOCKET_PROTOCOL));

interface Watch {
  observer: SocketObserver;
  helloReported: boolean;
}

/** Per global: the native constructor and the sessions watching; one subclass is installed while any watch. */
const installed = new WeakMap<Target, { Native: typeof WebSocket; watches: Set<Watch> }>();

/**
 * Observes MWA sockets created until the returned undo runs. Sessions of two kits at once share one
 * subclass (each is told about every MWA socket: the library does not say whose a socket is), and the
 * native constructor comes back when the last one ends, whatever the order.
 */
export function observeAssociationSockets(observer: SocketObserver, target: Target = globalThis as Target): () => void {
  let entry = installed.get(target);
  if (!entry) {
    const Native = target.WebSocket;
    const watches = new Set<Watch>();
    class ObservedWebSocket extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!speaksMwa(protocols)) return;
        const current = [...watches];
        const send = this.send.bind(this);
        this.send = (data) => {
          send(data);
          for (const watch of current) {
            if (watch.helloReported || !watches.has(watch)) continue;
            watch.helloReported = true;
            watch.observer.onHelloRequestSent();
          }
        };
        let opened = false;
        this.addEventListener("open", () => (opened = true));
        this.addEventListener("close", (event) => {
          if (opened) for (const watch of current) if (watches.has(watch)) watch.observer.onClosedAfterOpen(event);
        });
      }
    }
    entry = { Native, watches };
    installed.set(target, entry);
    target.WebSocket = ObservedWebSocket;
  }
  const watch: Watch = { observer, helloReported: false };
  const { watches, Native } = entry;
  watches.add(watch);
  return () => {
    watches.delete(watch);
    if (watches.size > 0) return;
    installed.delete(target);
    target.WebSocket = Native;
  };
}
