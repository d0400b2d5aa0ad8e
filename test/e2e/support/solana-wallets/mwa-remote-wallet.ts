// The fake wallet app on the other side of a reflector (remote association): given the association
// URL the user scanned (`solana-wallet:/v1/associate/remote?association=…&reflector=…&id=…`), it joins
// wss://{reflector}/reflect?id={id} trusting only the test's certificate, waits for the reflector's
// empty frame (reflection established), then answers the session (mwa-wallet-protocol.ts) frame by
// frame through the reflector.
import WebSocket from "ws";
import { associationKeyFromUrl, MwaTestWalletLogic, MwaWalletSession } from "./mwa-wallet-protocol";
import { MWA_PROTOCOL } from "./mwa-reflector";

export class MwaRemoteTestWallet extends MwaTestWalletLogic {
  /** Association URLs scanned, in order. */
  readonly scanned: string[] = [];
  private readonly sockets = new Set<WebSocket>();

  /** `ca`: the reflector's certificate (PEM), the only one trusted. */
  constructor(private readonly ca: string) {
    super();
  }

  /**
   * The user scanned the QR code: join the reflector; resolves once reflection is established.
   * `beforeHelloResponse`: held before answering HELLO_REQ (a wallet still starting its session).
   */
  async scan(associationUrl: string, { beforeHelloResponse }: { beforeHelloResponse?: Promise<void> } = {}): Promise<void> {
    this.scanned.push(associationUrl);
    const { raw, query } = associationKeyFromUrl(associationUrl);
    if (!/\/v1\/associate\/remote$/.test(associationUrl.slice(0, associationUrl.indexOf("?")))) throw new Error(`not a remote association URL: ${associationUrl}`);
    const reflector = query.get("reflector");
    const id = query.get("id");
    if (!reflector || !id) throw new Error(`association URL without reflector or id: ${associationUrl}`);
    const socket = new WebSocket(`wss://${reflector}/reflect?id=${encodeURIComponent(id)}`, [MWA_PROTOCOL], { ca: this.ca });
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    const session = new MwaWalletSession(raw, this.handle);
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.once("close", (code, reason) => reject(new Error(`the reflector closed before reflection (${code} ${reason.toString()})`)));
      socket.on("message", async (data: Buffer) => {
        if (data.length === 0) return resolve(); // reflection established
        try {
          if (session.helloPending) await beforeHelloResponse;
          for (const frame of await session.receive(new Uint8Array(data))) socket.send(frame);
        } catch (error) {
          console.error("[mwa remote wallet]", (error as Error).message);
          socket.close();
        }
      });
    });
  }

  close(): void {
    for (const socket of this.sockets) socket.terminate();
  }
}
