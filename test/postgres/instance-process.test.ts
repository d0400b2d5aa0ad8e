// The fault tests' instances end whole: a killed (or stopped) instance leaves no process behind,
// nothing listening on its port (an orphaned server under tsx did, after faults.test.ts).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";
import { spawnInstance } from "./support/instanceProcess";

let cluster: PostgresCluster;
let env: Record<string, string>;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  env = { DATABASE_URL: await cluster.createDatabase(), LATCH_SECRET_KEY: randomBytes(32).toString("base64") };
});
afterAll(async () => {
  await cluster?.destroy();
});

/** The process exists (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("an instance in its own process", () => {
  for (const how of ["kill9", "stop"] as const) {
    it(`${how === "kill9" ? "killed with SIGKILL" : "stopped"}, leaves no process and nothing listening`, async () => {
      const instance = await spawnInstance(env);
      expect((await fetch(`${instance.url}/health`)).ok).toBe(true);
      expect(alive(instance.pid)).toBe(true);
      await instance[how]();
      await expect.poll(() => alive(instance.pid)).toBe(false);
      await expect(fetch(`${instance.url}/health`)).rejects.toThrow();
    });
  }
});
