// The proof of docs/migrating-from-account-kit.md: an Account Kit app written as Account Kit's docs
// describe one (test/consumers/account-kit-app/before: Next, the auth modal, cookie storage, useUser,
// useSignerStatus, useSmartAccountClient + useSendUserOperation with waitForTxn, a contract read
// through the client, wagmi 2 installed) is migrated by the guide's steps (migration.patch, each file's
// diff naming its steps), installed from the packed tarball with a plain npm install, built strict,
// and driven in Chromium against the dev server and the local devnet: sign-up by email code with a
// passkey added, a sponsored mint, the balance read through the client, a reload, log out, and
// sign-in with the passkey. The one change that is not the migration: src/lib/chain.ts names the
// local devnet instead of Sepolia (test wiring).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPublicClient, createWalletClient, http, parseAbi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startServer as startLatchServer, type RunningServer } from "../../server/index";
import { DEVNET_POLICY_ID, startDevnet, type Devnet } from "../../server/devnet/index";
import { launchChromium, watchPage } from "../e2e/support/chromium";
import { enterEmailCode, uniqueEmail } from "../e2e/support/sign-in";
import { addVirtualAuthenticator } from "../e2e/support/webauthn";
import { freePort } from "../e2e/support/wallets/anvil";
import { runIn } from "./support/app";
import { cacheDir, repoRoot } from "./support/package";
import { run, startServer, type RunningProcess } from "./support/run";

const fixture = join(repoRoot, "test/consumers/account-kit-app");
const patchFile = join(fixture, "migration.patch");
const guide = readFileSync(join(repoRoot, "docs/migrating-from-account-kit.md"), "utf8");
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: "1" };

// The NFT of the quickstart, as small as it can be: mintTo and balanceOf.
const NFT_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Collectible {
  mapping(address => uint256) public balanceOf;
  function mintTo(address to) external { balanceOf[to] += 1; }
}`;
const nftAbi = parseAbi(["function mintTo(address to)", "function balanceOf(address owner) view returns (uint256)"]);

function compileNft(): Hex {
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  const input = { language: "Solidity", sources: { "Collectible.sol": { content: NFT_SOURCE } }, settings: { outputSelection: { "*": { "*": ["evm.bytecode.object"] } } } };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as { contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>> };
  return `0x${output.contracts["Collectible.sol"]!.Collectible!.evm.bytecode.object}`;
}

async function deployNft(devnet: Devnet): Promise<Address> {
  const account = privateKeyToAccount(devnet.fundedKeys[0]!);
  const wallet = createWalletClient({ account, transport: http(devnet.rpcUrl) });
  const chain = { id: devnet.chainId, name: "devnet", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [devnet.rpcUrl] } } } as const;
  const hash = await wallet.deployContract({ abi: nftAbi, bytecode: compileNft(), chain });
  const receipt = await createPublicClient({ transport: http(devnet.rpcUrl) }).waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

/** The migration's figures, from the patch: files, added and removed lines. */
function patchFigures(patch: string) {
  const lines = patch.split("\n");
  return {
    files: lines.filter((l) => l.startsWith("+++ ")).length,
    added: lines.filter((l) => l.startsWith("+") && !l.startsWith("+++ ")).length,
    removed: lines.filter((l) => l.startsWith("-") && !l.startsWith("--- ")).length,
  };
}

/** before/ with the patch applied, the devnet chain, and the packed kit, installed by a plain npm install. */
async function installMigratedApp(tarball: string): Promise<string> {
  const dir = join(cacheDir, "apps", "account-kit-app");
  mkdirSync(dir, { recursive: true });
  rmSync(join(dir, "src"), { recursive: true, force: true });
  cpSync(join(fixture, "before"), dir, { recursive: true });
  await run("patch", ["-p1", "--forward", "--no-backup-if-mismatch", "-i", patchFile], { cwd: dir });
  writeFileSync(
    join(dir, "src/lib/chain.ts"),
    [
      "// Test wiring, not the migration: the local devnet instead of Sepolia.",
      'import { devnetChain } from "latch-kit/chain";',
      "",
      "export const chain = devnetChain({",
      "  rpcUrl: process.env.NEXT_PUBLIC_RPC_URL!,",
      "  bundlerUrl: process.env.NEXT_PUBLIC_BUNDLER_URL!,",
      "  paymasterUrl: process.env.NEXT_PUBLIC_PAYMASTER_URL!,",
      "});",
      "",
    ].join("\n"),
  );
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  manifest.dependencies["latch-kit"] = `file:${tarball}`;
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir });
  if (!existsSync(join(dir, "node_modules/latch-kit/package.json"))) throw new Error(`latch-kit did not install into ${dir}`);
  return dir;
}

let app: string;
let devnet: Devnet;
let emulator: RunningServer;
let browser: Browser;
let nextServer: RunningProcess | undefined;
let nft: Address;
let pageUrl: string;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  [app, emulator, browser, nft] = await Promise.all([
    installMigratedApp(inject("latchTarball")),
    startLatchServer({ memory: true, port: 0 }),
    launchChromium(),
    deployNft(devnet),
  ]);
});
afterAll(async () => {
  await nextServer?.stop();
  await browser?.close();
  await emulator?.stop();
  await devnet?.stop();
});

const status = (page: Page, value: RegExp) => page.getByTestId("status").filter({ hasText: value }).waitFor({ timeout: 20_000 });

async function mint(page: Page, owned: number): Promise<Hex> {
  await page.getByRole("button", { name: "Mint", exact: true }).click();
  await page.getByTestId("owned").filter({ hasText: `You own ${owned}` }).waitFor({ timeout: 60_000 });
  return (await page.getByTestId("tx").textContent()) as Hex;
}

describe("an Account Kit app migrated by the guide's steps", () => {
  it("the patch carries out only steps the guide names, and no Account Kit import is left", () => {
    const patch = readFileSync(patchFile, "utf8");
    const steps = [...guide.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]));
    const named = [...patch.matchAll(/^# Steps? (\d+)(?:-(\d+))?/gm)].flatMap((m) => (m[2] ? [Number(m[1]), Number(m[2])] : [Number(m[1])]));
    const sections = patch.split("\n").filter((l) => l.startsWith("diff -ruN ")).length;
    expect(named.length).toBeGreaterThanOrEqual(sections);
    for (const step of named) expect(steps).toContain(step);
    const figures = patchFigures(patch);
    console.log(`migration (before/ → after): ${figures.files} files, +${figures.added}/−${figures.removed} lines`);
    for (const file of ["src/app/layout.tsx", "src/app/page.tsx", "src/app/providers.tsx"]) {
      expect(readFileSync(join(app, file), "utf8")).not.toContain("@account-kit");
    }
    expect(existsSync(join(app, "src/config.ts"))).toBe(false);
    // wagmi 2 stays in the app, next to latch-kit.
    expect((JSON.parse(readFileSync(join(app, "node_modules/wagmi/package.json"), "utf8")) as { version: string }).version).toMatch(/^2\./);
  });

  it("builds for production (next build type-checks) and type-checks strict with skipLibCheck false", { timeout: 600_000 }, async () => {
    const env = {
      ...NEXT_ENV,
      NEXT_PUBLIC_LATCH_URL: emulator.url,
      NEXT_PUBLIC_RPC_URL: devnet.rpcUrl,
      NEXT_PUBLIC_BUNDLER_URL: devnet.bundlerUrl,
      NEXT_PUBLIC_PAYMASTER_URL: devnet.paymasterUrl,
      NEXT_PUBLIC_ALCHEMY_POLICY_ID: DEVNET_POLICY_ID,
      NEXT_PUBLIC_NFT_ADDRESS: nft,
    };
    await runIn(app, "next", ["build"], env);
    await runIn(app, "tsc", ["-p", "tsconfig.json", "--noEmit"]);
    const port = await freePort();
    nextServer = await startServer(`${app}/node_modules/.bin/next`, ["start", "-H", "127.0.0.1", "-p", String(port)], `http://127.0.0.1:${port}/`, { cwd: app, env });
    pageUrl = `http://localhost:${port}/`;
  });

  it("signs up by email code and adds a passkey, mints sponsored, reads the balance through the client, signs back in with the passkey", { timeout: 300_000 }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    const notFound: string[] = [];
    page.on("response", (response) => void (response.status() === 404 && notFound.push(response.url())));
    const authenticator = await addVirtualAuthenticator(page);
    const chainClient = createPublicClient({ transport: http(devnet.rpcUrl) });
    await page.goto(pageUrl);
    await status(page, /^DISCONNECTED$/);

    const email = uniqueEmail("account-kit-app");
    await page.getByRole("button", { name: "Login" }).click();
    await enterEmailCode(page, emulator.url, email, { open: false });
    await page.getByRole("heading", { name: "Add a passkey" }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Passkey added!" }).waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole("dialog").waitFor({ state: "detached", timeout: 10_000 });
    await status(page, /^CONNECTED$/);
    expect(await page.getByTestId("email").textContent()).toBe(email);
    const account = (await page.getByTestId("account").textContent({ timeout: 20_000 })) as Address;
    expect(account).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The link's hash is the transaction's (waitForTxn), as in Account Kit; the paymaster paid.
    const tx = await mint(page, 1);
    const receipt = await chainClient.getTransactionReceipt({ hash: tx });
    expect(receipt.status).toBe("success");
    expect(await page.getByTestId("tx").getAttribute("href")).toBe(`https://sepolia.etherscan.io/tx/${tx}`);
    expect(await chainClient.readContract({ address: nft, abi: nftAbi, functionName: "balanceOf", args: [account] })).toBe(1n);
    expect(await chainClient.getBalance({ address: account })).toBe(0n);

    // The server renders the signed-in page from the cookie; a reload stays signed in.
    const cookie = (await context.cookies(pageUrl)).map((c) => `${c.name}=${c.value}`).join("; ");
    const html = await (await fetch(pageUrl.replace("localhost", "127.0.0.1"), { headers: { cookie } })).text();
    expect(html).toContain(email);
    expect(html).toContain(`data-testid="status">CONNECTED<`);
    await page.reload();
    await status(page, /^CONNECTED$/);
    expect(await page.getByTestId("account").textContent({ timeout: 20_000 })).toBe(account);

    await page.getByRole("button", { name: "Log out" }).click();
    await status(page, /^DISCONNECTED$/);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("button", { name: "I have a passkey" }).click();
    await status(page, /^CONNECTED$/);
    expect(await page.getByTestId("account").textContent({ timeout: 20_000 })).toBe(account);
    await mint(page, 2);
    expect(await chainClient.readContract({ address: nft, abi: nftAbi, functionName: "balanceOf", args: [account] })).toBe(2n);
    expect(notFound).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });
});
