// Spec §9 mobile wallet connection constants, observed on real local-association sessions run by our
// transport (plugins/mobile/transport/constants.ts holds them) through our MobileWallet: association
// port, retry delays, overall timeout, sequence numbers, wallet-open detection.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MobileWallet,
  MWA_AES_KEY_BITS,
  MWA_AES_TAG_BITS,
  MWA_ASSOCIATION_PORT_MAX,
  MWA_ASSOCIATION_PORT_MIN,
  MWA_CONNECT_TIMEOUT_MS,
  MWA_CURVE,
  MWA_RETRY_DELAYS_MS,
  MWA_SEQUENCE_NUMBER_BYTES,
  MWA_WALLET_OPEN_DETECTION_MS,
} from "latch-kit/plugins/mobile";
import { FakeLocalWallet } from "./fake-local-wallet";
import { runUntil, useFakeClock } from "../conformance/fake-time";

const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
let wallet: FakeLocalWallet;
let n = 0;

beforeEach(() => {
  wallet = new FakeLocalWallet();
  vi.stubGlobal("isSecureContext", true);
  vi.spyOn(window.location, "assign").mockImplementation(wallet.handOff);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const newMobile = () => new MobileWallet({ appIdentity: { name: "Test" }, chain: "solana:mainnet", cacheKey: `conformance-${++n}` }, CHROME);

/** The fake wallet's socket, recording what the dapp sends and where it dials. */
function recordingSocket() {
  const sent: Uint8Array[] = [];
  const urls: string[] = [];
  const Base = wallet.WebSocket;
  class Recording extends (Base as unknown as new (url: string, protocols?: string | string[]) => WebSocket) {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      urls.push(url);
    }
    override send(data: ArrayBuffer | Uint8Array) {
      sent.push(new Uint8Array(data instanceof ArrayBuffer ? data : data.slice()));
      super.send(data);
    }
  }
  vi.stubGlobal("WebSocket", Recording);
  return { sent, urls };
}

describe("§9 mobile wallet connection", () => {
  it.each([
    [0, 49152],
    [0.9999999, 65535],
  ])("§9 association port random from 49152 to 65535 (Math.random %s → %s), in the hand-off and the socket", async (random, port) => {
    const { urls } = recordingSocket();
    vi.spyOn(Math, "random").mockReturnValue(random);
    await newMobile().getCapabilities();
    expect(new URL(wallet.associations[0]!).searchParams.get("port")).toBe(String(port));
    expect(urls[0]).toBe(`ws://localhost:${port}/solana-wallet`);
  });

  it("§9 sequence numbers 4 bytes: each encrypted frame starts with its big-endian 32-bit sequence number", async () => {
    const { sent } = recordingSocket();
    const mobile = newMobile();
    await mobile.getCapabilities();
    // HELLO_REQ first (65-byte key + 64-byte signature), then the encrypted requests.
    expect(sent[0]!.byteLength).toBe(65 + 64);
    const encrypted = sent.slice(1);
    expect(encrypted.length).toBeGreaterThanOrEqual(1);
    encrypted.forEach((frame, i) => expect([...frame.slice(0, 4)]).toEqual([0, 0, 0, i + 1]));
  });

  it("§9 retry delays 150, 150, 200, 500, 500, 750, 750, then 1000 repeated; overall timeout 30000 ms", async () => {
    useFakeClock();
    const dialled: number[] = [];
    const refused: number[] = [];
    // The wallet app never opens its socket: every attempt fails.
    class Refused extends EventTarget {
      constructor() {
        super();
        dialled.push(Date.now());
        setTimeout(() => {
          refused.push(Date.now());
          this.dispatchEvent(new Event("error"));
        });
      }
      close() {}
      send() {}
    }
    vi.stubGlobal("WebSocket", Refused);
    let failed: { error: unknown; at: number } | null | undefined;
    void newMobile()
      .getCapabilities()
      .then(
        () => (failed = null),
        (error: unknown) => (failed = { error, at: Date.now() }),
      );
    // 1 ms turns until the first dial (the hand-off waits for the page to lose focus), then 50 ms.
    await runUntil(
      () => failed !== undefined,
      () => (dialled.length ? 50 : 1),
    );
    // From each refusal to the next dial.
    const gaps = dialled.slice(1).map((t, i) => t - refused[i]!);
    expect(gaps.slice(0, 10)).toEqual([150, 150, 200, 500, 500, 750, 750, 1000, 1000, 1000]);
    expect(failed).not.toBeNull();
    expect(failed!.error).toMatchObject({ name: "MobileWalletModalError", cause: { name: "MobileWalletError", code: "ERROR_SESSION_TIMEOUT" } });
    // The first refusal at or past 30 s after the first dial gives up instead of retrying.
    expect(refused.at(-2)! - dialled[0]!).toBeLessThan(30_000);
    expect(refused.at(-1)! - dialled[0]!).toBeGreaterThanOrEqual(30_000);
    expect(failed!.at).toBe(refused.at(-1));
    expect(dialled).toHaveLength(refused.length);
  });

  it("§9 the figures the transport keeps are the spec's", () => {
    expect([MWA_ASSOCIATION_PORT_MIN, MWA_ASSOCIATION_PORT_MAX]).toEqual([49152, 65535]);
    expect(MWA_RETRY_DELAYS_MS).toEqual([150, 150, 200, 500, 500, 750, 750, 1000]);
    expect(MWA_CONNECT_TIMEOUT_MS).toBe(30_000);
    expect(MWA_WALLET_OPEN_DETECTION_MS).toBe(3000);
    expect([MWA_SEQUENCE_NUMBER_BYTES, MWA_CURVE, MWA_AES_KEY_BITS, MWA_AES_TAG_BITS]).toEqual([4, "P-256", 128, 128]);
  });

  it("§9 wallet-open detection: no wallet app in front (no blur) 3000 ms after the hand-off is wallet not found, with no socket dialled", async () => {
    useFakeClock();
    vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const dialled = vi.fn();
    vi.stubGlobal("WebSocket", dialled);
    let failed: { error: unknown; at: number } | undefined;
    void newMobile()
      .getCapabilities()
      .catch((error: unknown) => (failed = { error, at: Date.now() }));
    await runUntil(() => vi.mocked(window.location.assign).mock.calls.length > 0);
    const handedOff = Date.now();
    await runUntil(
      () => failed !== undefined,
      () => 100,
    );
    expect(failed!.at - handedOff).toBe(3000);
    expect(failed!.error).toMatchObject({ cause: { name: "MobileWalletError", code: "ERROR_WALLET_NOT_FOUND" } });
    expect(dialled).not.toHaveBeenCalled();
  });
});
