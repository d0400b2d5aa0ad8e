// Mobile Wallet Adapter end to end in Chromium emulating Android Chrome: a fake wallet in this process
// (wallet side of the protocol over the association websocket) authorizes and signs; the not-found and
// unsupported-browser messages show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { getBase64Encoder, getTransactionDecoder } from "@solana/kit";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { MwaTestWallet } from "./support/solana-wallets/mwa-wallet";

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const ANDROID_FIREFOX = "Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0";

let browser: Browser;
let server: PageServer;
const contexts: BrowserContext[] = [];
const wallet = new MwaTestWallet();

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPageServer(["solana-wallets"])]);
}, 30_000);

afterAll(async () => {
  await wallet.close();
  await browser?.close();
  await server?.close();
});

async function androidPage(userAgent: string): Promise<Page> {
  const context = await browser.newContext({ userAgent, isMobile: true, hasTouch: true, viewport: { width: 412, height: 915 } });
  await context.grantPermissions(["local-network-access"]).catch(() => {});
  contexts.push(context);
  const page = await context.newPage();
  await wallet.install(page);
  await page.goto(`${server.url}/solana-wallets?mobile=1`);
  return page;
}

const MWA = "Connect with Mobile Wallet Adapter (Solana)";

async function pickMwa(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await page.getByRole("button", { name: "Open sign-in" }).click();
  await dialog.getByRole("button", { name: "Continue with a wallet" }).click();
  await dialog.getByRole("button", { name: MWA }).click();
  return dialog;
}

describe("Mobile Wallet Adapter on Android Chrome", () => {
  it("authorizes over the encrypted session and signs a v0 transaction (signature verified here)", async () => {
    const page = await androidPage(ANDROID_CHROME);
    const watch = watchPage(page);
    await pickMwa(page);
    const a = wallet.keys.address;
    await page.getByTestId("user").filter({ hasText: `eoa ${a} ${a} ${a} ${a}` }).waitFor();
    expect(wallet.log[0]).toMatchObject({ method: "authorize", params: { identity: { name: "Latch test" }, chain: "solana:localnet" } });
    expect(wallet.log[0]!.params.auth_token).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem("latch.mwa.authorization"))).toContain("token-1");

    await page.getByRole("button", { name: "Sign transaction" }).tap({ force: true });
    await page.getByTestId("signed-tx").filter({ hasText: /./ }).or(page.getByTestId("error").filter({ hasText: /./ })).waitFor();
    expect(await page.getByTestId("error").textContent()).toBe("");
    const tx = getTransactionDecoder().decode(getBase64Encoder().encode((await page.getByTestId("signed-tx").textContent())!));
    expect(tx.messageBytes[0]).toBe(0x80);
    const txSignature = tx.signatures[a as keyof typeof tx.signatures];
    expect(ed25519.verify(txSignature!, Uint8Array.from(tx.messageBytes), wallet.keys.publicKey)).toBe(true);

    expect(wallet.log.slice(1, 3).map((l) => l.method)).toEqual(["authorize", "sign_transactions"]);
    // The second session reuses the cached authorization.
    expect(wallet.log[1]!.params.auth_token).toBe("token-1");
    expect(watch.errors).toEqual([]);
  });

  // One action per page: in the Android-emulated context a second tap after a hand-off was not
  // reliably delivered (Playwright actionability), see the report.
  it("signs a message through a new session (ed25519, verified here)", async () => {
    wallet.log.length = 0;
    const page = await androidPage(ANDROID_CHROME);
    await pickMwa(page);
    await page.getByTestId("user").filter({ hasText: `eoa ${wallet.keys.address}` }).waitFor();
    await page.getByRole("button", { name: "Sign message" }).tap({ force: true });
    await page.getByTestId("signature").filter({ hasText: /./ }).or(page.getByTestId("error").filter({ hasText: /./ })).waitFor();
    expect(await page.getByTestId("error").textContent()).toBe("");
    const signature = Buffer.from((await page.getByTestId("signature").textContent())!, "base64");
    expect(ed25519.verify(signature, new TextEncoder().encode("Sign in to Latch"), wallet.keys.publicKey)).toBe(true);
    expect(wallet.log.map((l) => l.method)).toEqual(["authorize", "authorize", "sign_messages"]);
  });

  it("no wallet answers the hand-off within 3 s: the wallet-not-found message", async () => {
    wallet.installed = false;
    const page = await androidPage(ANDROID_CHROME);
    const dialog = await pickMwa(page);
    await dialog.getByText("To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.").waitFor({ timeout: 8000 });
    wallet.installed = true;
  });

  it("an Android browser that cannot hand off: the unsupported-browser message", async () => {
    const page = await androidPage(ANDROID_FIREFOX);
    const dialog = await pickMwa(page);
    await dialog
      .getByText("This browser appears to be incompatible with mobile wallet adapter. Open this page in a compatible mobile browser app and try again.")
      .waitFor();
  });

  it("is not offered on desktop", async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/solana-wallets?mobile=1`);
    await page.getByRole("button", { name: "Open sign-in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole("button", { name: MWA }).count()).toBe(0);
  });
});
