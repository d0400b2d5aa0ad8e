// Remote association (a reflector, QR code) against a fake reflector socket: the wallet-standard
// connect dials the reflector, the reflector id turns into the association URL the QR modal shows,
// and Cancel ends the session with the user's rejection.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { getWallets } from "@wallet-standard/app";
import type { StandardConnectFeature } from "@wallet-standard/features";
import { createKit, type Kit } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { MobileWalletModals, getMobileWallet, mobileWallet, type MobileSessionState } from "latch-kit/plugins/mobile";
import { UserRejectedError, solana } from "latch-kit/plugins/solana";
import { createFakeReflector, type FakeReflectorSocket } from "./fake-reflector-socket";

const REFLECTOR = "reflector.test:8443";
const REFLECTOR_ID = new Uint8Array([0x0a, 0x0b, 0x0c, 0x0d]);

let kit: Kit;
let sockets: FakeReflectorSocket[];

beforeEach(() => {
  const reflector = createFakeReflector();
  sockets = reflector.sockets;
  vi.stubGlobal("WebSocket", reflector.WebSocket);
  vi.stubGlobal("isSecureContext", true); // the transport refuses insecure contexts; happy-dom's page is one
  kit = createKit({ id: "remote", plugins: [solana({ chain: "solana:devnet" }), mobileWallet({ chain: "solana:devnet", remoteHostAuthority: REFLECTOR })] });
});

afterEach(() => {
  kit.destroy();
  vi.unstubAllGlobals();
});

/** The app with the mobile wallet's modals, the session states seen, and a connect started as a tap would. */
async function connectThroughReflector() {
  render(
    <LatchProvider kit={kit}>
      <MobileWalletModals />
    </LatchProvider>,
  );
  const mobile = getMobileWallet(kit)!;
  const states: MobileSessionState[] = [mobile.getState().session];
  mobile.subscribe(() => void (states.at(-1) !== mobile.getState().session && states.push(mobile.getState().session)));
  const wallet = getWallets().get().find((w) => w.name === "Mobile Wallet Adapter")!;
  const connecting = (wallet.features as StandardConnectFeature)["standard:connect"].connect();
  const settled = connecting.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const socket = await vi.waitFor(() => sockets[0] ?? Promise.reject(new Error("no socket yet")));
  return { mobile, states, settled, socket };
}

/** The reflector accepts the app and sends the session's id (a varint length, then the id). */
function reflectorSendsId(socket: FakeReflectorSocket) {
  act(() => socket.open());
  act(() => socket.receive(new Uint8Array([REFLECTOR_ID.length, ...REFLECTOR_ID])));
}

describe("mobile wallet remote association", () => {
  it("dials the reflector, and shows the association URL with the reflector host and id as a QR code", async () => {
    const { mobile, states, socket } = await connectThroughReflector();
    expect(mobile.getState().association).toBe("remote");
    expect(socket.url).toBe(`wss://${REFLECTOR}/reflect`);
    expect(socket.protocols).toContain("com.solana.mobilewalletadapter.v1");
    expect(mobile.getState()).toMatchObject({ session: "connecting", connecting: true, associationUrl: null });

    reflectorSendsId(socket);
    await waitFor(() => expect(mobile.getState().session).toBe("reflector_id_received"));
    const url = new URL(mobile.getState().associationUrl!);
    expect(url.protocol).toBe("solana-wallet:");
    expect(url.pathname).toMatch(/\/v1\/associate\/remote$/);
    expect(url.searchParams.get("reflector")).toBe(REFLECTOR);
    expect(url.searchParams.get("id")).toBe(Buffer.from(REFLECTOR_ID).toString("base64url"));
    expect(url.searchParams.get("association")).toMatch(/^[\w.-]{80,}$/) // the P-256 key, base64url (padded with ".");

    const qr = await screen.findByRole("img", { name: "QR code to open this session in your mobile wallet" });
    expect(qr.getAttribute("data-association-url")).toBe(url.toString());
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole("dialog", { name: "Scan with your mobile wallet" })).toBeTruthy();
    expect(states).toEqual(["disconnected", "connecting", "reflector_id_received"]);
    // Nothing was sent to the reflector yet: HELLO_REQ waits for the wallet to join.
    expect(socket.sent).toEqual([]);

    act(() => mobile.cancelAssociation()); // settles the pending connect before the next test
  });

  it("the wallet joining (the reflector's empty frame) sends HELLO_REQ and takes the QR code down", async () => {
    const { mobile, states, settled, socket } = await connectThroughReflector();
    reflectorSendsId(socket);
    const dialog = await screen.findByRole("dialog", { name: "Scan with your mobile wallet" });
    act(() => socket.receive(new Uint8Array(0))); // reflection established
    await waitFor(() => expect(mobile.getState().session).toBe("hello_req_sent"));
    expect(socket.sent).toHaveLength(1);
    expect((socket.sent[0] as Uint8Array).byteLength).toBe(65 + 64); // ECDH public key ‖ signature
    expect(mobile.getState().associationUrl).toBeNull();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(states).toEqual(["disconnected", "connecting", "reflector_id_received", "hello_req_sent"]);

    act(() => mobile.cancelAssociation()); // the wallet never answers here: end the session
    expect(await settled).toHaveProperty("error");
  });

  it("Cancel in the QR modal settles the connect with the user's rejection and closes the socket", async () => {
    const { mobile, states, settled, socket } = await connectThroughReflector();
    reflectorSendsId(socket);
    const dialog = await screen.findByRole("dialog", { name: "Scan with your mobile wallet" });
    act(() => screen.getByRole("button", { name: "Cancel" }).click());

    const outcome = await settled;
    expect(outcome).toHaveProperty("error");
    const error = (outcome as { error: unknown }).error;
    expect(error).toBeInstanceOf(UserRejectedError);
    expect((error as Error).message).not.toBe("");
    expect(socket.closeCalls).toBeGreaterThan(0);
    expect(mobile.getState()).toMatchObject({ session: "disconnected", connecting: false, connected: false, associationUrl: null, modalError: null });
    expect(states).toEqual(["disconnected", "connecting", "reflector_id_received", "disconnected"]);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it("the reflector dropping the socket before the id rejects the connect with a session-closed error", async () => {
    const { mobile, settled, socket } = await connectThroughReflector();
    act(() => socket.open());
    act(() => socket.dispatchEvent(Object.assign(new Event("close"), { code: 1011, reason: "gone", wasClean: false })));
    const outcome = (await settled) as { error?: Error & { cause?: unknown } };
    expect(outcome.error?.name).toBe("MobileWalletModalError");
    expect(outcome.error?.cause).toMatchObject({ name: "MobileWalletError", code: "ERROR_SESSION_CLOSED" });
    expect(mobile.getState()).toMatchObject({ session: "disconnected", connecting: false, associationUrl: null });
    expect(mobile.getState().modalError?.message).toMatch(/^An unexpected error occurred: /);
  });
});
