import { vi } from "vitest";

/**
 * Fake timers and Date, with setImmediate left real: WebCrypto (keys, digests) works in real time,
 * so a test that waits for it yields to the real event loop while the fake clock stands still.
 */
export const useFakeClock = (now = 0) => vi.useFakeTimers({ now, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });

/** Lets real work (WebCrypto) progress, moving the fake clock by `stepMs` per turn, until `done()`. */
export async function runUntil(done: () => boolean, stepMs: () => number = () => 0, maxTurns = 20_000): Promise<void> {
  for (let turn = 0; turn < maxTurns && !done(); turn++) {
    await vi.advanceTimersByTimeAsync(stepMs());
    await new Promise((resolve) => setImmediate(resolve));
  }
}
