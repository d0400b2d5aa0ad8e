// What the split-custody test pages share: the signer options for the server under test
// (`?emulator=<url>`), the outcome line a button's call reports to, and p50/p95 timing.
import { useState } from "react";

/** The embedded signer's options for the server the test started (its URL in `?emulator=`). */
export function custodySignerOptions() {
  const url = new URLSearchParams(location.search).get("emulator") ?? "http://localhost:8787";
  return { url, authFrameUrl: `${url}/frames/auth`, exportFrameUrl: `${url}/frames/export`, keyManagementUrl: url, emailMode: "otp" as const };
}

/** The outcome of the last call `run` started: "pending", then "ok" or "error: <name>: <message>". */
export function useOutcome() {
  const [outcome, setOutcome] = useState("");
  const run = (fn: () => Promise<unknown>) => {
    setOutcome("pending");
    fn().then(
      () => setOutcome("ok"),
      (error: Error) => setOutcome(`error: ${error.name}: ${error.message}`),
    );
  };
  return { outcome, run };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** Times `run` n times, one after another: p50 and p95 in ms. */
export async function measure(n: number, run: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: tenths(percentile(times, 50)), p95: tenths(percentile(times, 95)) };
}
