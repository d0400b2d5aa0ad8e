// A Mobile Wallet Adapter wallet in this process: it catches the page's `solana-wallet:` hand-off
// over CDP (Page.frameRequestedNavigation), listens on the association port, blurs the page, and
// answers the encrypted session (P-256 ECDH → HKDF-SHA256 → AES-128-GCM, 4-byte sequence numbers).
// Keys and signing come from a SolanaTestWallet (ed25519 in this process).
// Node 20: the global WebCrypto.
import type { Page } from "playwright-core";
import { WebSocketServer } from "ws";
import { ed25519 } from "@noble/curves/ed25519.js";
import { SolanaTestWallet } from "./test-wallet";

const subtle = crypto.subtle;
const seqBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return new Uint8Array(b);
};

export class MwaTestWallet {
  readonly keys = new SolanaTestWallet("Mwa Keys");
  readonly log: Array<{ method: string; params: Record<string, unknown> }> = [];
  /** When false the hand-off goes unanswered (no wallet installed). */
  installed = true;
  private servers: WebSocketServer[] = [];

  async install(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Page.enable");
    cdp.on("Page.frameRequestedNavigation", ({ url }: { url: string }) => {
      if (!url.startsWith("solana-wallet:") || !this.installed) return;
      void this.associate(page, url);
    });
  }

  private async associate(page: Page, url: string) {
    const query = new URLSearchParams(url.slice(url.indexOf("?") + 1));
    const port = Number(query.get("port"));
    const associationRaw = new Uint8Array(Buffer.from(query.get("association")!, "base64url"));
    const associationKey = await subtle.importKey("raw", associationRaw, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    const server = new WebSocketServer({ host: "localhost", port, handleProtocols: (protocols) => (protocols.has("com.solana.mobilewalletadapter.v1") ? "com.solana.mobilewalletadapter.v1" : false) });
    this.servers.push(server);
    await new Promise((r) => server.once("listening", r));
    server.on("connection", (socket) => {
      let key: CryptoKey | null = null;
      let outSeq = 0;
      let inSeq = 0;
      const send = async (payload: unknown) => {
        const seq = seqBytes(++outSeq);
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const ct = new Uint8Array(await subtle.encrypt({ name: "AES-GCM", iv, additionalData: seq, tagLength: 128 }, key!, new TextEncoder().encode(JSON.stringify(payload))));
        return Buffer.concat([seq, iv, ct]);
      };
      socket.on("message", async (data: Buffer) => {
        const bytes = new Uint8Array(data);
        if (!key) {
          const ecdhPublic = bytes.slice(0, 65);
          const ok = await subtle.verify({ name: "ECDSA", hash: "SHA-256" }, associationKey, bytes.slice(65), ecdhPublic);
          if (!ok) return socket.close();
          const mine = (await subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"])) as CryptoKeyPair;
          const peer = await subtle.importKey("raw", ecdhPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
          const secret = await subtle.deriveBits({ name: "ECDH", public: peer }, mine.privateKey, 256);
          const hkdf = await subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
          key = await subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: associationRaw, info: new Uint8Array(0) }, hkdf, { name: "AES-GCM", length: 128 }, false, ["encrypt", "decrypt"]);
          const minePublic = new Uint8Array(await subtle.exportKey("raw", mine.publicKey));
          socket.send(Buffer.concat([minePublic, await send({ v: "v1" })]));
          return;
        }
        const seq = Buffer.from(bytes.slice(0, 4)).readUInt32BE();
        if (seq !== inSeq + 1) return socket.close();
        inSeq = seq;
        const plain = await subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(4, 16), additionalData: bytes.slice(0, 4), tagLength: 128 }, key, bytes.slice(16));
        const { id, method, params } = JSON.parse(new TextDecoder().decode(plain)) as { id: number; method: string; params: Record<string, unknown> };
        this.log.push({ method, params });
        let answer: ReturnType<MwaTestWallet["answer"]>;
        try {
          answer = this.answer(method, params);
        } catch (error) {
          answer = { error: { code: -3, message: (error as Error).message } };
        }
        socket.send(await send({ jsonrpc: "2.0", id, ...answer }));
      });
    });
    // The wallet app comes to the front: the page loses focus.
    await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  }

  private answer(method: string, params: Record<string, unknown>): { result: unknown } | { error: { code: number; message: string } } {
    const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");
    switch (method) {
      case "authorize":
        return { result: { auth_token: `token-${this.log.length}`, accounts: [{ address: b64(this.keys.publicKey), label: "Mwa account" }] } };
      case "sign_messages":
        return {
          result: {
            signed_payloads: (params.payloads as string[]).map((p) => {
              const message = new Uint8Array(Buffer.from(p, "base64"));
              return b64(new Uint8Array([...message, ...ed25519.sign(message, this.keys.secretKey)]));
            }),
          },
        };
      case "sign_transactions":
        return {
          result: {
            signed_payloads: (params.payloads as string[]).map((p) => {
              const answer = this.keys.request("signTransaction", [...Buffer.from(p, "base64")]);
              if (!("result" in answer)) throw new Error(`not signed: ${answer.error.message}`);
              return b64(Uint8Array.from(answer.result as number[]));
            }),
          },
        };
    }
    return { error: { code: -32601, message: `method not found: ${method}` } };
  }

  async close() {
    await Promise.all(this.servers.map((s) => new Promise((r) => s.close(r))));
  }
}
