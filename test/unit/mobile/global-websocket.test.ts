// The mobile plugin observes its association sockets by swapping `globalThis.WebSocket` for the
// length of a session (plugins/mobile/hello-observer.ts: the MWA library opens its socket from the
// global and offers no hook; docs/ARCHITECTURE.md "Patched globals" says why). The bound it keeps:
// outside a session the page's WebSocket is its own — loading the plugin, making a kit, and ending
// a session however it ends (an error, an abort) leave the very same constructor in place.
import { describe, expect, it } from "vitest";
import { createKit } from "latch-kit";
import { mobileWallet, runMobileSession } from "latch-kit/plugins/mobile";

describe("the page's WebSocket outside a mobile wallet session", () => {
  it("is untouched by loading the plugin and making a kit with it", () => {
    const native = globalThis.WebSocket;
    createKit({ plugins: [mobileWallet()], signer: { url: "http://localhost:9" } });
    expect(globalThis.WebSocket).toBe(native);
  });

  it("is the same constructor again after a session that failed, and after one the caller aborted", async () => {
    const native = globalThis.WebSocket;
    const states: string[] = [];
    // No reflector host: the remote session fails at once, after the observer was installed.
    await expect(runMobileSession({ kind: "remote", onState: (state) => states.push(state) }, async () => "never")).rejects.toThrow(/remoteHostAuthority/);
    expect(globalThis.WebSocket).toBe(native);
    const aborted = AbortSignal.abort(new DOMException("cancelled", "AbortError"));
    await expect(runMobileSession({ kind: "remote", remoteHostAuthority: "127.0.0.1:9", signal: aborted, onState: (state) => states.push(state) }, async () => "never")).rejects.toThrow(
      /cancelled/,
    );
    expect(globalThis.WebSocket).toBe(native);
    expect(states).toEqual(["connecting", "disconnected", "connecting", "disconnected"]);
  });
});
