// The packed package in an app that keeps wagmi 2 (wagmi 2.19 + @wagmi/core 2.22, as Account Kit apps
// carry them): a plain `npm install` accepts it (the optional peer takes @wagmi/core 2 or 3), a later
// install that re-resolves the tree does too, the app type-checks strict and builds, and in Chromium
// wagmi 2's hooks see the Latch user through latch-kit/wagmi and sign with it.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyMessage, type Hex } from "viem";
import { watchPage } from "../e2e/support/chromium";
import { enterEmailCode, uniqueEmail } from "../e2e/support/sign-in";
import { freePort } from "../e2e/support/wallets/anvil";
import { runIn } from "./support/app";
import { run, startServer } from "./support/run";
import { useConsumerStack } from "./support/stack";

const stack = useConsumerStack("wagmi2");
const versionOf = (name: string) => (JSON.parse(readFileSync(join(stack.app, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

describe("latch-kit in an app that keeps wagmi 2", () => {
  it("installs next to wagmi 2 with a plain npm install, and a later npm install without the lock re-resolves the tree", { timeout: 600_000 }, async () => {
    expect(versionOf("@wagmi/core")).toMatch(/^2\./);
    expect(versionOf("wagmi")).toMatch(/^2\./);
    rmSync(join(stack.app, "package-lock.json"));
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: stack.app });
    expect(versionOf("latch-kit")).toBe("0.1.0");
    expect(versionOf("@wagmi/core")).toMatch(/^2\./);
  });

  it("type-checks strict (the kit's declarations with skipLibCheck false against @wagmi/core 2) and builds", { timeout: 600_000 }, async () => {
    const { app, emulator } = stack;
    await runIn(app, "tsc", ["-p", "tsconfig.kit.json", "--noEmit"]);
    await runIn(app, "tsc", ["-p", "tsconfig.json", "--noEmit"]);
    await runIn(app, "vite", ["build"], { VITE_LATCH_SIGNER_URL: emulator.url });
    const port = await freePort();
    const args = ["preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"];
    stack.server = await startServer(`${app}/node_modules/.bin/vite`, args, `http://127.0.0.1:${port}/`, { cwd: app });
  });

  it("connects wagmi 2 through the Latch connector at sign-in, and wagmi's useSignMessage signs as the Latch user", async () => {
    const { browser, emulator, server } = stack;
    const page = await browser.newPage();
    const watch = watchPage(page);
    await page.goto(server!.url.replace("127.0.0.1", "localhost"));
    await page.getByTestId("wagmi-status").filter({ hasText: /^disconnected$/ }).waitFor();
    await enterEmailCode(page, emulator.url, uniqueEmail("wagmi2"));
    const address = (await page.getByTestId("address").textContent({ timeout: 20_000 }))!;
    await page.getByTestId("wagmi-status").filter({ hasText: /^connected$/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("wagmi-address").textContent()).toBe(address);
    expect(await page.getByTestId("wagmi-connector").textContent()).toBe("Latch");

    await page.getByRole("button", { name: "Sign with wagmi" }).click();
    const signature = (await page.getByTestId("wagmi-signature").textContent({ timeout: 20_000 })) as Hex;
    expect(await verifyMessage({ address: address as Hex, message: "hello from wagmi 2", signature })).toBe(true);

    await page.reload();
    await page.getByTestId("wagmi-status").filter({ hasText: /^connected$/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("wagmi-address").textContent()).toBe(address);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
  });
});
