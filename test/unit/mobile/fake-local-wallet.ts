// A wallet app for local association in happy-dom: `location.assign` (the hand-off) is caught, the
// page 'loses focus' as when the wallet app comes to the front, and `WebSocket` is a stand-in that
// carries the session's frames to the wallet side of the protocol (mwa-wallet-protocol.ts) in this
// process. The test installs the returned WebSocket as the global and the assign spy.
import { associationKeyFromUrl, MwaTestWalletLogic, MwaWalletSession } from "../../e2e/support/solana-wallets/mwa-wallet-protocol";

export class FakeLocalWallet extends MwaTestWalletLogic {
  /** Association URLs handed off to, in order. */
  readonly associations: string[] = [];
  private session: MwaWalletSession | null = null;

  /** For `vi.spyOn(window.location, "assign").mockImplementation(wallet.handOff)`. */
  handOff = (url: string | URL): void => {
    const text = url.toString();
    this.associations.push(text);
    this.session = new MwaWalletSession(associationKeyFromUrl(text).raw, this.handle);
    setTimeout(() => window.dispatchEvent(new Event("blur")));
  };

  /** The `WebSocket` the transport dials: opens a task later and answers through the wallet session. */
  readonly WebSocket = ((wallet: FakeLocalWallet) =>
    class extends EventTarget {
      static readonly OPEN = 1;
      readonly protocol = "com.solana.mobilewalletadapter.v1";
      readyState = 0;
      constructor(
        readonly url: string,
        readonly protocols?: string | string[],
      ) {
        super();
        setTimeout(() => {
          this.readyState = 1;
          this.dispatchEvent(new Event("open"));
        });
      }
      send(data: ArrayBuffer | Uint8Array): void {
        const session = wallet.session;
        if (!session) throw new Error("no hand-off before the socket");
        void session.receive(new Uint8Array(data instanceof ArrayBuffer ? data : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength))).then((frames) => {
          for (const frame of frames) this.dispatchEvent(new MessageEvent("message", { data: new Blob([Uint8Array.from(frame)]) }));
        });
      }
      close(): void {
        if (this.readyState === 3) return;
        this.readyState = 3;
        setTimeout(() => this.dispatchEvent(Object.assign(new Event("close"), { code: 1000, reason: "", wasClean: true })));
      }
    })(this) as unknown as typeof WebSocket;
}
