// The local EVM devnet: anvil + EntryPoints v0.6/v0.7/v0.8 + our account factories + Alto + a sponsoring
// paymaster, all on loopback. Node only: never bundled into the kit.
import type { Address, Hex } from "viem";
import { startAnvil } from "./anvil";
import { startBundler } from "./bundler";
import { compileContracts } from "./contracts";
import { type EntryPointVersionKey, type FactoryKey, deployContracts } from "./deploy";
import { KEY_ROLES, anvilKey } from "./keys";
import { startPaymaster } from "./paymaster";
import { type ManagedProcess, freePort } from "./processes";
import { type CorsGateway, startCorsGateway } from "./cors-gateway";
import { DEVNET_CHAIN_ID, DEVNET_DEFAULT_PORTS, DEVNET_POLICY_ID } from "../../core/chain/devnet";

export { compileContracts } from "./contracts";
export { CREATE2_DEPLOYER, ENTRY_POINTS, FACTORY_CONTRACTS, factoryDeployment } from "./deploy";
export { ANVIL_MNEMONIC, anvilKey } from "./keys";

// One source of truth with the kit (core/chain/devnet.ts): fixed ports, chain id, default policy.
export { DEVNET_CHAIN_ID, DEVNET_DEFAULT_PORTS, DEVNET_POLICY_ID } from "../../core/chain/devnet";

export interface StartDevnetOptions {
  /** anvil's port; 0 gives every service a free port (tests). Default: DEVNET_DEFAULT_PORTS. */
  port?: number;
  /** Ports of the bundler and the paymaster, when `port` is not 0. */
  bundlerPort?: number;
  paymasterPort?: number;
  chainId?: number;
  /** Policy ids the paymaster sponsors (default [DEVNET_POLICY_ID]); null sponsors any request. */
  policies?: string[] | null;
  /** Mirror the services' output on stderr. */
  log?: boolean;
}

export interface Devnet {
  chainId: number;
  rpcUrl: string;
  bundlerUrl: string;
  paymasterUrl: string;
  entryPoints: Record<EntryPointVersionKey, Address>;
  factories: Record<FactoryKey, Address>;
  /** Keys anvil funded at genesis that no devnet service uses: hand them to tests and the playground. */
  fundedKeys: Hex[];
  policies: string[] | null;
  /** Process ids of anvil, the bundler and the paymaster (to prove none outlives stop()). */
  pids: { anvil: number; bundler: number; paymaster: number };
  /** Milliseconds from the call to ready, and how long compiling took (and whether the cache served it). */
  timings: { startMs: number; compileMs: number; compileCached: boolean };
  stop(): Promise<void>;
}

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const started = performance.now();
  const free = options.port === 0;
  // The public ports belong to CORS gateways (browsers call them); the services sit behind, on free ports.
  const publicPorts = free
    ? { rpc: 0, bundler: 0, paymaster: 0 }
    : {
        rpc: options.port ?? DEVNET_DEFAULT_PORTS.rpc,
        bundler: options.bundlerPort ?? DEVNET_DEFAULT_PORTS.bundler,
        paymaster: options.paymasterPort ?? DEVNET_DEFAULT_PORTS.paymaster,
      };
  const ports = { rpc: await freePort(), bundler: await freePort(), paymaster: await freePort() };
  const chainId = options.chainId ?? DEVNET_CHAIN_ID;
  const policies = options.policies === undefined ? [DEVNET_POLICY_ID] : options.policies;
  const running: ManagedProcess[] = [];
  const gateways: CorsGateway[] = [];
  const stopAll = async () => {
    await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
    await Promise.all(running.splice(0).reverse().map((managed) => managed.stop()));
  };

  try {
    const [compiled, anvil] = await Promise.all([
      compileContracts(),
      startAnvil({ port: ports.rpc, chainId, log: options.log }),
    ]);
    running.push(anvil.process);
    const { entryPoints, factories } = await deployContracts({
      rpcUrl: anvil.rpcUrl,
      deployerKey: anvilKey(KEY_ROLES.deployer),
      artifacts: compiled.artifacts,
    });
    // The paymaster only needs the bundler's URL when it serves a request: start both at once.
    const bundlerUrl = `http://127.0.0.1:${ports.bundler}`;
    const [bundlerStart, paymasterStart] = await Promise.allSettled([
      startBundler({
        port: ports.bundler,
        rpcUrl: anvil.rpcUrl,
        entryPoints: [entryPoints.v06, entryPoints.v07, entryPoints.v08],
        executorKey: anvilKey(KEY_ROLES.bundlerExecutor),
        utilityKey: anvilKey(KEY_ROLES.bundlerUtility),
        log: options.log,
      }),
      startPaymaster({ port: ports.paymaster, rpcUrl: anvil.rpcUrl, bundlerUrl, policies, log: options.log }),
    ]);
    if (bundlerStart.status === "fulfilled") running.push(bundlerStart.value.process);
    if (paymasterStart.status === "fulfilled") running.push(paymasterStart.value.process);
    if (bundlerStart.status === "rejected") throw bundlerStart.reason;
    if (paymasterStart.status === "rejected") throw paymasterStart.reason;
    const bundler = bundlerStart.value;
    const paymaster = paymasterStart.value;

    for (const [port, target] of [
      [publicPorts.rpc, anvil.rpcUrl],
      [publicPorts.bundler, bundler.bundlerUrl],
      [publicPorts.paymaster, paymaster.paymasterUrl],
    ] as const) {
      gateways.push(await startCorsGateway(port, target));
    }
    const [rpcGateway, bundlerGateway, paymasterGateway] = gateways as [CorsGateway, CorsGateway, CorsGateway];

    const fundedKeys: Hex[] = [];
    for (let index = KEY_ROLES.firstFunded; index < KEY_ROLES.count; index++) fundedKeys.push(anvilKey(index));

    let stopping: Promise<void> | undefined;
    return {
      chainId,
      rpcUrl: rpcGateway.url,
      bundlerUrl: bundlerGateway.url,
      paymasterUrl: paymasterGateway.url,
      entryPoints,
      factories,
      fundedKeys,
      policies,
      pids: { anvil: anvil.process.pid, bundler: bundler.process.pid, paymaster: paymaster.process.pid },
      timings: {
        startMs: Math.round(performance.now() - started),
        compileMs: Math.round(compiled.ms),
        compileCached: compiled.cached,
      },
      stop() {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
