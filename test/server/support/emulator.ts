import { randomUUID } from "node:crypto";
import { startServer, type ServerOptions, type RunningServer } from "../../../server/index";
import { EmulatorClient } from "./client";

/** A clock tests can move; the emulator reads it for expiries, timestamps and TOTP steps. */
export class TestClock {
  offsetMs = 0;
  now = (): number => Date.now() + this.offsetMs;
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestServer {
  emulator: RunningServer;
  client: EmulatorClient;
  clock: TestClock;
}

export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const clock = new TestClock();
  const emulator = await startServer({ memory: true, port: 0, now: clock.now, checkAnswers: true, ...options });
  return { emulator, client: new EmulatorClient(emulator.url), clock };
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

let phoneCounter = 0;
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+1555${String(Date.now() % 100000).padStart(5, "0")}${String(phoneCounter).padStart(2, "0")}`.slice(0, 14);
}
