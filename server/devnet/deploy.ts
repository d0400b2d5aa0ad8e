// Puts the EntryPoints (canonical addresses) and our account factories (deterministic addresses) on the node,
// all through the CREATE2 deployer anvil ships at genesis.
import { createRequire } from "node:module";
import {
  type Address,
  type Hex,
  concat,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  http,
  zeroHash,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ContractArtifacts } from "./contracts";

const require = createRequire(import.meta.url);

/** anvil's built-in deterministic deployer: calldata = salt (32 bytes) ‖ init code. */
export const CREATE2_DEPLOYER: Address = "0x4e59b44847b379578588920ca78fbf26c0b4956c";

/** The EntryPoints with the salts that land them on their canonical addresses (ENVIRONMENT-FACTS, "Local chains"). */
export const ENTRY_POINTS = {
  v06: {
    package: "aa06",
    salt: zeroHash,
    address: "0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789",
  },
  v07: {
    package: "aa07",
    salt: "0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3",
    address: "0x0000000071727De22E5E9d8BAf0edAc6f37da032",
  },
  v08: {
    package: "aa08",
    salt: "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9",
    address: "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108",
  },
} as const satisfies Record<string, { package: string; salt: Hex; address: Address }>;

export type EntryPointVersionKey = keyof typeof ENTRY_POINTS;

/** Our factory contract per account type. Each takes the EntryPoint v0.7 address as its constructor argument. */
export const FACTORY_CONTRACTS = {
  lightAccount: "LightAccountFactory",
  multiOwnerLightAccount: "MultiOwnerLightAccountFactory",
  modularAccountV2: "ModularAccountV2Factory",
  multiOwnerModularAccount: "MultiOwnerModularAccountFactory",
} as const;

export type FactoryKey = keyof typeof FACTORY_CONTRACTS;

function entryPointBytecode(pkg: string): Hex {
  return (require(`${pkg}/artifacts/EntryPoint.json`) as { bytecode: Hex }).bytecode;
}

/** The init code and CREATE2 address of one of our factories (salt 0): the same on every fresh devnet. */
export function factoryDeployment(artifacts: ContractArtifacts, key: FactoryKey): { initCode: Hex; address: Address } {
  const artifact = artifacts[FACTORY_CONTRACTS[key]];
  if (!artifact) throw new Error(`missing artifact ${FACTORY_CONTRACTS[key]}`);
  const initCode = concat([
    artifact.bytecode,
    encodeAbiParameters([{ type: "address" }], [ENTRY_POINTS.v07.address]),
  ]);
  const address = getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt: zeroHash, bytecode: initCode });
  return { initCode, address };
}

export async function deployContracts(options: {
  rpcUrl: string;
  deployerKey: Hex;
  artifacts: ContractArtifacts;
}): Promise<{ entryPoints: Record<EntryPointVersionKey, Address>; factories: Record<FactoryKey, Address> }> {
  const transport = http(options.rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = {
    id: chainId,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  } as const;
  const wallet = createWalletClient({ account: privateKeyToAccount(options.deployerKey), chain, transport });

  const jobs: { label: string; salt: Hex; initCode: Hex; expected: Address }[] = [];
  for (const [version, entryPoint] of Object.entries(ENTRY_POINTS)) {
    jobs.push({
      label: `EntryPoint ${version}`,
      salt: entryPoint.salt,
      initCode: entryPointBytecode(entryPoint.package),
      expected: entryPoint.address,
    });
  }
  const factories = {} as Record<FactoryKey, Address>;
  for (const key of Object.keys(FACTORY_CONTRACTS) as FactoryKey[]) {
    const { initCode, address } = factoryDeployment(options.artifacts, key);
    factories[key] = address;
    jobs.push({ label: FACTORY_CONTRACTS[key], salt: zeroHash, initCode, expected: address });
  }

  let nonce = await publicClient.getTransactionCount({ address: wallet.account.address });
  const hashes: { label: string; hash: Hex }[] = [];
  for (const job of jobs) {
    if (await publicClient.getCode({ address: job.expected })) continue;
    const hash = await wallet.sendTransaction({
      to: CREATE2_DEPLOYER,
      data: concat([job.salt, job.initCode]),
      nonce: nonce++,
      gas: 12_000_000n,
    });
    hashes.push({ label: job.label, hash });
  }
  for (const { label, hash } of hashes) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`deploying ${label} failed (${hash})`);
  }
  for (const job of jobs) {
    if (!(await publicClient.getCode({ address: job.expected }))) {
      throw new Error(`${job.label} is not at ${job.expected} after deployment`);
    }
  }

  const entryPoints = {
    v06: ENTRY_POINTS.v06.address,
    v07: ENTRY_POINTS.v07.address,
    v08: ENTRY_POINTS.v08.address,
  } satisfies Record<EntryPointVersionKey, Address>;
  return { entryPoints, factories };
}
