// The library keeps its session state to itself. Two things we need are only visible on the socket:
// HELLO_REQ, the first frame the app sends on the association socket (nothing is sent before it,
// locally or through a reflector), and the socket closing under an open session (the library then
// leaves its promises pending). For the length of one session we swap `WebSocket` for a subclass that
// reports both on sockets speaking the MWA subprotocol; other sockets are untouched, and the
// original constructor comes back when the session ends.

export const MWA_WEBSOCKET_PROTOCOL = "com.solana.mobilewalletadapter.v1";

type Target = { WebSocket: typeof WebSocket };

export interface SocketObserver {
  onHelloRequestSent(): void;
  /** A socket that had opened closed (retries of sockets that never opened are not reported). */
  onClosedAfterOpen(event: CloseEvent): void;
}

const speaksMwa = (protocols?: string | string[]) => ([] as string[]).concat(protocols ?? []).some((p) => p.startsWith(MWA_WEBSOCKET_PROTOCOL));

/** Observes MWA sockets created until the returned undo runs. */
export function observeAssociationSockets(observer: SocketObserver, target: Target = globalThis as Target): () => void {
  const Native = target.WebSocket;
  let helloReported = false;
  class ObservedWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!speaksMwa(protocols)) return;
      const send = this.send.bind(this);
      this.send = (data) => {
        send(data);
        if (helloReported) return;
        helloReported = true;
        observer.onHelloRequestSent();
      };
      let opened = false;
      this.addEventListener("open", () => (opened = true));
      this.addEventListener("close", (event) => opened && observer.onClosedAfterOpen(event));
    }
  }
  target.WebSocket = ObservedWebSocket;
  return () => {
    if (target.WebSocket === ObservedWebSocket) target.WebSocket = Native;
  };
}
