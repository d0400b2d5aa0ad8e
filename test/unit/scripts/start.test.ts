// `npm start`'s first moments: --help, an unknown option, and ports another program already holds.
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
// @ts-expect-error -- a plain .mjs script of the repository, no types
import { choosePorts, isFree } from "../../../scripts/start/ports.mjs";
// @ts-expect-error -- a plain .mjs script of the repository, no types
import { importsOf } from "../../../scripts/start/warm-vite.mjs";

const start = join(process.cwd(), "scripts", "start.mjs");
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A port held by another program (listening on 127.0.0.1 only). */
async function heldPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe("npm start", () => {
  it("prints its options for --help and starts nothing", () => {
    const result = spawnSync(process.execPath, [start, "--help"], { encoding: "utf8", timeout: 20_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--no-devnet");
    expect(result.stdout).toContain("LATCH_PLAYGROUND_PORT 5173");
    expect(result.stdout).not.toContain("[start]");
  });

  it("refuses an unknown option with the usage, starting nothing", () => {
    const result = spawnSync(process.execPath, [start, "--no-devnt"], { encoding: "utf8", timeout: 20_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown option --no-devnt");
    expect(result.stderr).toContain("--help");
  });

  it("sees a port held on 127.0.0.1 as taken, and moves that service to the next free port", async () => {
    const held = await heldPort();
    expect(await isFree(held)).toBe(false);
    const { ports, moved } = await choosePorts({ playground: { port: String(held), variable: "LATCH_PLAYGROUND_PORT" } });
    expect(Number(ports.playground)).toBeGreaterThan(held);
    expect(await isFree(Number(ports.playground))).toBe(true);
    expect(moved).toEqual([{ name: "playground", variable: "LATCH_PLAYGROUND_PORT", from: held, to: Number(ports.playground) }]);
  });

  it("gives two services that want the same free port two ports, and names the variable when none is free", async () => {
    const held = await heldPort();
    const { ports } = await choosePorts({ a: { port: String(held + 1), variable: "A" }, b: { port: String(held + 1), variable: "B" } });
    expect(ports.a).not.toBe(ports.b);
    await expect(choosePorts({ playground: { port: String(held), variable: "LATCH_PLAYGROUND_PORT" } }, { tries: 0 })).rejects.toThrow(
      `No free port from ${held} to ${held} for playground: set LATCH_PLAYGROUND_PORT to a free port.`,
    );
  });

  it("finds the modules a served module imports (static, dynamic, side-effect) and a page's module scripts, as Vite writes them", () => {
    const code = `import { a } from "/src/a.tsx";\nimport "/node_modules/.vite/deps/react.js?v=1";\nconst b = () => import("/@fs/repo/core/b.ts");\nimport x from "react"; // bare: not on the server`;
    expect(importsOf(code)).toEqual(["/src/a.tsx", "/node_modules/.vite/deps/react.js?v=1", "/@fs/repo/core/b.ts"]);
    const page = `<script type="module" src="/@vite/client"></script><script type="module" src="/src/main.tsx"></script>`;
    expect(importsOf(page)).toEqual(["/@vite/client", "/src/main.tsx"]);
  });
});
