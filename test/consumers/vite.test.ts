// The packed package in a fresh Vite 8 + React 19 + strict TypeScript app (test/consumers/vite),
// built for production and driven in Chromium against the backend.
import { describe, expect, it } from "vitest";
import { verifyMessage } from "viem";
import { watchPage } from "../e2e/support/chromium";
import { enterEmailCode, uniqueEmail } from "../e2e/support/sign-in";
import { freePort } from "../e2e/support/wallets/anvil";
import { runIn } from "./support/app";
import { startServer } from "./support/run";
import { useConsumerStack } from "./support/stack";

const stack = useConsumerStack("vite");

describe("a fresh Vite 8 app on the packed package", () => {
  it("type-checks every entry in strict mode with skipLibCheck false, without casts (src/every-entry.tsx)", { timeout: 600_000 }, async () => {
    await runIn(stack.app, "tsc", ["-p", "tsconfig.json", "--noEmit"]);
  });

  it("builds for production", async () => {
    const { app, emulator } = stack;
    await runIn(app, "vite", ["build"], { VITE_LATCH_SIGNER_URL: emulator.url });
    const port = await freePort();
    const args = ["preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"];
    stack.server = await startServer(`${app}/node_modules/.bin/vite`, args, `http://127.0.0.1:${port}/`, { cwd: app });
  });

  it("renders the production page, signs in by email code, stays signed in after a reload, and signs through wagmi", async () => {
    const { browser, emulator, server } = stack;
    const page = await browser.newPage();
    const watch = watchPage(page);
    await page.goto(server!.url.replace("127.0.0.1", "localhost"));
    await page.getByRole("heading", { name: "Latch on Vite" }).waitFor();
    await enterEmailCode(page, emulator.url, uniqueEmail("vite"));
    const address = (await page.getByTestId("address").textContent())!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await page.reload();
    await expect.poll(() => page.getByTestId("address").textContent(), { timeout: 20_000 }).toBe(address);

    await page.getByRole("button", { name: "Sign a message" }).click();
    const signature = (await page.getByTestId("signature").textContent({ timeout: 20_000 })) as `0x${string}`;
    expect(await verifyMessage({ address: address as `0x${string}`, message: "hello", signature })).toBe(true);

    // wagmi, through latch-kit/wagmi: the Latch user is wagmi's connected account and signs.
    await page.getByRole("button", { name: "Sign with wagmi" }).click();
    const wagmiSignature = (await page.getByTestId("wagmi-signature").textContent({ timeout: 20_000 })) as `0x${string}`;
    expect(await page.getByTestId("wagmi-address").textContent()).toBe(address);
    expect(await verifyMessage({ address: address as `0x${string}`, message: "hello from wagmi", signature: wagmiSignature })).toBe(true);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
  });
});
