// A Mobile Wallet Adapter wallet app in this process, for a page in an Android-emulated Chromium:
// it catches the page's `solana-wallet:/v1/associate/local?…&port=P` hand-off over CDP
// (Page.frameRequestedNavigation) — or, once it answered a wallet_uri_base, the hand-off to
// `{that base}/v1/associate/local?…` (an https app link on Android; here a loopback URL whose request
// CDP fails before it leaves the browser, so the page stays) — listens on ws://localhost:P/solana-wallet (subprotocol
// com.solana.mobilewalletadapter.v1), takes the page's focus away as the wallet app coming to the
// front would, and answers the session (mwa-wallet-protocol.ts).
import type { Page } from "playwright-core";
import { WebSocketServer, type WebSocket } from "ws";
import { associationKeyFromUrl, MwaTestWalletLogic, MwaWalletSession } from "./mwa-wallet-protocol";

const MWA_PROTOCOL = "com.solana.mobilewalletadapter.v1";
/** The wallet's own https association base, when a test has it answered: loopback, never loaded. */
export const MWA_WALLET_URI_BASE = "https://localhost/mwa-test-wallet";

export class MwaTestWallet extends MwaTestWalletLogic {
  /** When false the hand-off goes unanswered (no wallet installed). */
  installed = true;
  /** Association URLs the pages opened, in order. */
  readonly associations: string[] = [];
  /** Requests to the wallet's https base that CDP failed before they left the browser. */
  readonly appLinkRequestsStopped: string[] = [];
  private readonly servers = new Set<WebSocketServer>();

  async install(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Page.enable");
    // The app link's request is failed as 'aborted': Chromium then drops the navigation, no error page.
    await cdp.send("Fetch.enable", { patterns: [{ urlPattern: `${MWA_WALLET_URI_BASE}/*`, requestStage: "Request" }] });
    cdp.on("Fetch.requestPaused", ({ requestId, request }: { requestId: string; request: { url: string } }) => {
      this.appLinkRequestsStopped.push(request.url);
      void cdp.send("Fetch.failRequest", { requestId, errorReason: "Aborted" }).catch(() => {});
    });
    cdp.on("Page.frameRequestedNavigation", ({ url }: { url: string }) => {
      if (!url.startsWith("solana-wallet:") && !url.startsWith(`${MWA_WALLET_URI_BASE}/`)) return;
      this.associations.push(url);
      if (this.installed) void this.associate(page, url).catch((error) => console.error("[mwa wallet]", error));
    });
  }

  private async associate(page: Page, url: string): Promise<void> {
    const { raw, query } = associationKeyFromUrl(url);
    const port = Number(query.get("port"));
    const server = new WebSocketServer({ host: "localhost", port, handleProtocols: (protocols) => (protocols.has(MWA_PROTOCOL) ? MWA_PROTOCOL : false) });
    this.servers.add(server);
    await new Promise((resolve, reject) => server.once("listening", resolve).once("error", reject));
    server.on("connection", (socket: WebSocket) => {
      const session = new MwaWalletSession(raw, this.handle);
      socket.on("message", async (data: Buffer) => {
        try {
          for (const frame of await session.receive(new Uint8Array(data))) socket.send(frame);
        } catch (error) {
          console.error("[mwa wallet]", (error as Error).message);
          socket.close();
        }
      });
      // The app closes the session; the wallet app goes away with it.
      socket.on("close", () => {
        this.servers.delete(server);
        server.close();
      });
    });
    // The wallet app comes to the front: the page loses focus.
    await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  }

  async close(): Promise<void> {
    await Promise.all([...this.servers].map((s) => new Promise((r) => s.close(r))));
  }
}
