// A WebSocket stand-in for the reflector side of remote association: the test opens it, sends the
// reflector id, and sees what the app sent. The test installs `WebSocket` as the global (what the
// mobile plugin's transport dials). Close events arrive a task later, as a real
// socket's do after the closing handshake.

export interface FakeReflectorSocket extends EventTarget {
  readonly url: string;
  readonly protocols: string[];
  readonly sent: unknown[];
  readyState: number;
  closeCalls: number;
  send(data: unknown): void;
  close(code?: number): void;
  /** The reflector accepted the connection. */
  open(): void;
  /** A binary frame from the reflector (a Blob, as a browser delivers it). */
  receive(bytes: Uint8Array): void;
}

/** A fake reflector: a `WebSocket` class, and every socket constructed from it. */
export function createFakeReflector(): { WebSocket: typeof WebSocket; sockets: FakeReflectorSocket[] } {
  const sockets: FakeReflectorSocket[] = [];
  class Socket extends EventTarget implements FakeReflectorSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = Socket.CONNECTING;
    /** The subprotocol the reflector picked: the binary one. */
    readonly protocol = "com.solana.mobilewalletadapter.v1";
    readonly protocols: string[];
    readonly sent: unknown[] = [];
    closeCalls = 0;

    constructor(
      readonly url: string,
      protocols?: string | string[],
    ) {
      super();
      this.protocols = ([] as string[]).concat(protocols ?? []);
      sockets.push(this);
    }

    send(data: unknown): void {
      this.sent.push(data);
    }

    close(code = 1000): void {
      this.closeCalls++;
      if (this.readyState === Socket.CLOSED) return;
      this.readyState = Socket.CLOSED;
      setTimeout(() => this.dispatchEvent(Object.assign(new Event("close"), { code, reason: "", wasClean: true })));
    }

    open(): void {
      this.readyState = Socket.OPEN;
      this.dispatchEvent(new Event("open"));
    }

    receive(bytes: Uint8Array): void {
      this.dispatchEvent(new MessageEvent("message", { data: new Blob([Uint8Array.from(bytes)]) }));
    }
  }
  return { WebSocket: Socket as unknown as typeof WebSocket, sockets };
}
