// The devnet itself: what it deploys, where it listens, the paymaster's policy gate, and that nothing outlives it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEVNET_POLICY_ID } from "../../core/chain";
import { type Devnet, compileContracts, startDevnet } from "../../server/devnet";
import { rpc } from "./support";

let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
});

afterAll(async () => {
  await devnet?.stop();
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pids: number[], timeoutMs = 5000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pids.every((pid) => !isAlive(pid))) return [];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pids.filter(isAlive);
}

it("runs anvil with the EntryPoints v0.6, v0.7 and v0.8 at their canonical addresses, on loopback", async () => {
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  expect(await client.getChainId()).toBe(devnet.chainId);
  expect(devnet.entryPoints).toEqual({
    v06: "0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789",
    v07: "0x0000000071727De22E5E9d8BAf0edAc6f37da032",
    v08: "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108",
  });
  for (const address of [...Object.values(devnet.entryPoints), ...Object.values(devnet.factories)]) {
    expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/);
  }
  for (const url of [devnet.rpcUrl, devnet.bundlerUrl, devnet.paymasterUrl]) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(devnet.fundedKeys.length).toBeGreaterThan(0);
});

/** Local addresses (hex, as in /proc/net/tcp*) of the sockets listening on a port. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === "0A" && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => fields[1]!.split(":")[0]!),
  );
}

it("listens on loopback only: anvil, the bundler (Alto binds 0.0.0.0 by itself) and the paymaster", () => {
  for (const url of [devnet.rpcUrl, devnet.bundlerUrl, devnet.paymasterUrl]) {
    const addresses = listeningAddresses(Number(new URL(url).port));
    expect(addresses.length, url).toBeGreaterThan(0);
    // 0100007F is 127.0.0.1; IPv6 loopback is 0000…0001000000 in /proc's byte order.
    for (const address of addresses) expect(["0100007F", "00000000000000000000000001000000"], url).toContain(address);
  }
});

it("runs a bundler serving the three EntryPoints", async () => {
  const { result } = await rpc(devnet.bundlerUrl, "eth_supportedEntryPoints");
  expect((result as string[]).map((address) => address.toLowerCase()).sort()).toEqual(
    Object.values(devnet.entryPoints).map((address) => address.toLowerCase()).sort(),
  );
});

it("runs a paymaster that sponsors only under a known policy", async () => {
  expect(devnet.policies).toEqual([DEVNET_POLICY_ID]);
  const userOperation = {
    sender: "0x0000000000000000000000000000000000000001",
    nonce: "0x0",
    callData: "0x",
    maxFeePerGas: "0x1",
    maxPriorityFeePerGas: "0x1",
    callGasLimit: "0x0",
    verificationGasLimit: "0x0",
    preVerificationGas: "0x0",
    signature: "0x",
  };
  const stub = (context: unknown) =>
    rpc(devnet.paymasterUrl, "pm_getPaymasterStubData", [userOperation, devnet.entryPoints.v07, "0x7a69", context]);
  expect((await stub(null)).error?.message).toBe("A sponsorship policy (policyId) is required");
  expect((await stub({ policyId: "other" })).error?.message).toBe("Unknown sponsorship policy: other");
  const granted = await stub({ policyId: DEVNET_POLICY_ID });
  expect(granted.error).toBeUndefined();
  expect(granted.result).toMatchObject({ paymaster: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) });
});

it("compiles the contracts once: later starts read the on-disk cache", async () => {
  const again = await compileContracts();
  expect(again.cached).toBe(true);
  expect(again.ms).toBeLessThan(500);
  expect(Object.keys(again.artifacts)).toEqual(expect.arrayContaining(["LightAccountFactory", "ModularAccountV2Factory"]));
});

it("leaves no process behind when the process that started it is killed outright", async () => {
  const cli = spawn(process.execPath, ["--import", "tsx", join("server", "devnet", "cli.ts"), "--port", "0", "--json"], {
    cwd: join(import.meta.dirname, "..", ".."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const described = await new Promise<{ pids: Devnet["pids"] }>((resolve, reject) => {
    cli.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((candidate) => candidate.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { pids: Devnet["pids"] });
    });
    cli.once("exit", (code) => reject(new Error(`devnet CLI exited (${code}): ${output}`)));
  });
  const pids = Object.values(described.pids);
  expect(pids.every(isAlive)).toBe(true);
  cli.kill("SIGKILL");
  expect(await waitUntilGone(pids)).toEqual([]);
});

it("stops every service it started", async () => {
  const pids = Object.values(devnet.pids);
  expect(pids.every(isAlive)).toBe(true);
  await devnet.stop();
  expect(await waitUntilGone(pids, 1000)).toEqual([]);
  await expect(fetch(devnet.rpcUrl, { method: "POST" })).rejects.toThrow();
  await expect(fetch(`${devnet.paymasterUrl}/ping`)).rejects.toThrow();
});
