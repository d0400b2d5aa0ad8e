// The emulator's request log (npm start shows it) names the app's requests, not the health probes the
// playground's status check sends every few seconds.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer } from "../../server/index";

const lines: string[] = [];
let emulator: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  emulator = await startServer({ memory: true, port: 0, log: (line) => lines.push(line) });
});
afterAll(() => emulator?.stop());

it("logs requests but not /health or /ready", async () => {
  for (const path of ["/health", "/ready", "/dev/api/messages?to=a%40example.com", "/health"]) await fetch(`${emulator.url}${path}`);
  expect(lines.map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual(["GET /dev/api/messages"]);
});
