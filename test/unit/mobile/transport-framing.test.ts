// Our MWA transport's framing against the wallet side of the protocol (mwa-wallet-protocol.ts): a
// local session over an injected socket whose wallet-to-app frames the test can hold back, reorder,
// replay or tamper with. Each side counts its frames from 1 (the wallet's session properties are its
// frame 1); a frame out of order or failing AES-GCM ends the session and every pending request rejects.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectMwa, MOBILE_WALLET_ERROR_CODES, MWA_SEQUENCE_NUMBER_BYTES, type MwaSession } from "latch-kit/plugins/mobile";
import { ed25519 } from "@noble/curves/ed25519.js";
import { associationKeyFromUrl, MwaTestWalletLogic, MwaWalletSession } from "../../e2e/support/solana-wallets/mwa-wallet-protocol";

/** A wallet app on this 'device': the hand-off, then a socket whose inbound frames the test controls. */
class ScriptedWallet extends MwaTestWalletLogic {
  session: MwaWalletSession | null = null;
  /** The app's frames, as the wallet received them. */
  readonly received: Uint8Array[] = [];
  /** The wallet's frames, in the order it sent them; delivered only when `deliver` says. */
  readonly outbox: Uint8Array[] = [];
  socket: (EventTarget & { closed: boolean }) | null = null;
  /** Delivers wallet frames as they come unless held. */
  holding = false;

  handOff = (url: string | URL): void => {
    this.session = new MwaWalletSession(associationKeyFromUrl(url.toString()).raw, this.handle);
    setTimeout(() => window.dispatchEvent(new Event("blur")));
  };

  deliver(frame: Uint8Array): void {
    this.socket!.dispatchEvent(new MessageEvent("message", { data: Uint8Array.from(frame).buffer }));
  }

  readonly WebSocket = ((wallet: ScriptedWallet) =>
    class extends EventTarget {
      readyState = 0;
      protocol = "com.solana.mobilewalletadapter.v1";
      binaryType = "blob";
      closed = false;
      constructor() {
        super();
        wallet.socket = this;
        setTimeout(() => {
          this.readyState = 1;
          this.dispatchEvent(new Event("open"));
        });
      }
      send(data: Uint8Array): void {
        const frame = Uint8Array.from(data);
        wallet.received.push(frame);
        void wallet.session!.receive(frame).then((frames) => {
          for (const out of frames) {
            wallet.outbox.push(out);
            if (!wallet.holding) wallet.deliver(out);
          }
        });
      }
      close(): void {
        this.closed = true;
        this.readyState = 3;
      }
    })(this) as unknown as typeof WebSocket;
}

let wallet: ScriptedWallet;

beforeEach(() => {
  wallet = new ScriptedWallet();
  vi.stubGlobal("isSecureContext", true);
  vi.spyOn(window.location, "assign").mockImplementation(wallet.handOff);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const connect = () => connectMwa({ kind: "local", WebSocket: wallet.WebSocket });
const sequenceOf = (frame: Uint8Array) => new DataView(frame.buffer, frame.byteOffset, MWA_SEQUENCE_NUMBER_BYTES).getUint32(0, false);
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error as Error & { code?: string } }),
  );

describe("MWA transport framing", () => {
  it("interoperates with the wallet side: HELLO_REQ, session properties v1, requests numbered 1, 2, 3 and answered in turn", async () => {
    const session = await connect();
    expect(session.protocolVersion).toBe("v1");
    expect(wallet.received[0]!.byteLength).toBe(65 + 64);
    await session.wallet.getCapabilities();
    await session.wallet.authorize({ identity: { name: "Test" }, chain: "solana:devnet" });
    await session.wallet.getCapabilities();
    expect(wallet.received.slice(1).map(sequenceOf)).toEqual([1, 2, 3]);
    // The wallet's frames: session properties 1, then answers 2, 3, 4.
    expect(wallet.outbox.slice(1).map(sequenceOf)).toEqual([2, 3, 4]);
    expect(wallet.log.map((r) => r.method)).toEqual(["get_capabilities", "authorize", "get_capabilities"]);
    session.close();
  });

  it("refuses a tampered frame: the request rejects with a session-closed error and the socket closes", async () => {
    const session = await connect();
    wallet.holding = true;
    const answer = settle(session.wallet.getCapabilities());
    await vi.waitFor(() => expect(wallet.outbox).toHaveLength(2));
    const tampered = Uint8Array.from(wallet.outbox[1]!);
    tampered[tampered.length - 1]! ^= 0x01; // one bit of the tag
    wallet.deliver(tampered);
    const { error } = (await answer) as { error: Error & { code: string } };
    expect(error).toMatchObject({ name: "MobileWalletError", code: MOBILE_WALLET_ERROR_CODES.sessionClosed });
    expect(error.message).toMatch(/does not decrypt/);
    expect(wallet.socket!.closed).toBe(true);
    await expect(session.ended).rejects.toBe(error);
    await expect(session.wallet.getCapabilities()).rejects.toMatchObject({ code: MOBILE_WALLET_ERROR_CODES.sessionClosed });
  });

  it("refuses a frame out of order (the wallet's frame 3 before its frame 2): every pending request rejects", async () => {
    const session = await connect();
    wallet.holding = true;
    const first = settle(session.wallet.getCapabilities());
    await vi.waitFor(() => expect(wallet.outbox).toHaveLength(2));
    const second = settle(session.wallet.getCapabilities());
    await vi.waitFor(() => expect(wallet.outbox).toHaveLength(3));
    wallet.deliver(wallet.outbox[2]!);
    const [a, b] = (await Promise.all([first, second])) as { error: Error }[];
    expect(a!.error.message).toBe("Encrypted frame has sequence number 3; expected 2.");
    expect(b!.error).toBe(a!.error);
    expect(wallet.socket!.closed).toBe(true);
  });

  it("refuses a replayed frame even after its request was answered", async () => {
    const session = await connect();
    await session.wallet.getCapabilities();
    wallet.deliver(wallet.outbox[1]!); // the answer again
    await expect(session.ended).rejects.toThrow("Encrypted frame has sequence number 2; expected 3.");
    await expect(session.wallet.getCapabilities()).rejects.toMatchObject({ name: "MobileWalletError" });
  });

  it("the socket closing under an open session rejects the pending request with a readable error", async () => {
    const session: MwaSession = await connect();
    wallet.holding = true;
    const answer = settle(session.wallet.getCapabilities());
    await vi.waitFor(() => expect(wallet.outbox).toHaveLength(2));
    wallet.socket!.dispatchEvent(Object.assign(new Event("close"), { code: 1001, reason: "wallet gone", wasClean: true }));
    expect(await answer).toMatchObject({ error: { name: "MobileWalletError", code: MOBILE_WALLET_ERROR_CODES.sessionClosed, message: "The wallet session was closed (1001: wallet gone)." } });
  });

  it("an unknown protocol version in the session properties is refused", async () => {
    wallet = new ScriptedWallet();
    vi.spyOn(window.location, "assign").mockImplementation((url: string | URL) => {
      wallet.session = new MwaWalletSession(associationKeyFromUrl(url.toString()).raw, wallet.handle, { v: "v9" });
      setTimeout(() => window.dispatchEvent(new Event("blur")));
    });
    await expect(connect()).rejects.toMatchObject({ code: MOBILE_WALLET_ERROR_CODES.invalidProtocolVersion });
  });

  it("a wallet that authorizes without signing in: the sign-in message goes through sign_messages, and its signature verifies", async () => {
    const answer = wallet.handle;
    wallet.handle = (request) => {
      const result = answer(request);
      if (request.method === "authorize" && "result" in result) delete (result.result as { sign_in_result?: unknown }).sign_in_result;
      return result;
    };
    const session = await connect();
    const authorization = await session.wallet.authorize({ identity: { name: "Test" }, chain: "solana:devnet", sign_in_payload: { domain: "app.test", statement: "Sign in" } });
    expect(wallet.log.map((r) => r.method)).toEqual(["authorize", "sign_messages"]);
    const { address, signed_message, signature } = authorization.sign_in_result!;
    expect(address).toBe(wallet.keys.base64Address);
    const message = Buffer.from(signed_message, "base64");
    expect(message.toString()).toMatch(new RegExp(`^app\\.test wants you to sign in with your Solana account:\n${wallet.keys.address}\n\nSign in`));
    expect(ed25519.verify(Buffer.from(signature, "base64"), message, wallet.keys.publicKey)).toBe(true);
    session.close();
  });

  it("through a reflector that picked the base64 subprotocol: text frames both ways, the id from its varint prefix", async () => {
    const logic = new MwaTestWalletLogic();
    const id = new Uint8Array(130).map((_, i) => i); // a two-byte varint length
    const sockets: EventTarget[] = [];
    const sentByApp: unknown[] = [];
    let walletSession: MwaWalletSession | null = null;
    const toApp = (bytes: Uint8Array) => sockets[0]!.dispatchEvent(new MessageEvent("message", { data: Buffer.from(bytes).toString("base64") }));
    class Base64Reflector extends EventTarget {
      readyState = 0;
      readonly protocol = "com.solana.mobilewalletadapter.v1.base64";
      constructor(readonly url: string) {
        super();
        sockets.push(this);
        setTimeout(() => {
          this.readyState = 1;
          this.dispatchEvent(new Event("open"));
          toApp(Uint8Array.from([130, 1, ...id]));
        });
      }
      send(data: unknown) {
        sentByApp.push(data);
        void walletSession!.receive(Buffer.from(data as string, "base64")).then((frames) => frames.forEach(toApp));
      }
      close() {
        this.readyState = 3;
      }
    }
    const urls: string[] = [];
    const connecting = connectMwa({
      kind: "remote",
      remoteHostAuthority: "reflector.test",
      WebSocket: Base64Reflector as unknown as typeof WebSocket,
      onAssociationUrl: (url) => {
        urls.push(url);
        walletSession = new MwaWalletSession(associationKeyFromUrl(url).raw, logic.handle);
        setTimeout(() => toApp(new Uint8Array(0))); // the wallet joined: reflection established
      },
    });
    const session = await connecting;
    expect(new URL(urls[0]!).searchParams.get("id")).toBe(Buffer.from(id).toString("base64url"));
    await session.wallet.getCapabilities();
    expect(sentByApp.every((frame) => typeof frame === "string")).toBe(true);
    expect(Buffer.from(sentByApp[0] as string, "base64")).toHaveLength(65 + 64);
    expect(logic.log.map((r) => r.method)).toEqual(["get_capabilities"]);
    session.close();
  });

  it("a WebSocket constructor that throws ends the session with a readable error (the connect settles)", async () => {
    const Throwing = function () {
      throw new SyntaxError("bad url");
    } as unknown as typeof WebSocket;
    await expect(connectMwa({ kind: "remote", remoteHostAuthority: "reflector.test", WebSocket: Throwing })).rejects.toMatchObject({
      name: "MobileWalletError",
      code: MOBILE_WALLET_ERROR_CODES.sessionClosed,
      message: "Could not open a WebSocket to wss://reflector.test/reflect.",
    });
  });
});
