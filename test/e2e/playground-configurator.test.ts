// The playground as a newcomer uses it: configure the dialog, watch the dialog and the code follow,
// reload, sign in, manage the account. Real emulator, real playground, Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { verifyMessage } from "viem";
import { URI, type TOTP } from "otpauth";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { startServer } from "../../server/index";
import { startSolanaRpc, type RunningSolanaRpc } from "../../server/solana/index";
import { launchChromium, watchPage } from "./support/chromium";
import { animationsSettled } from "./support/steps";
import { startPlayground, type PlaygroundServer } from "./support/playground";
import { enterEmailCode } from "./support/sign-in";
import { seriousViolations } from "./support/axe";

const root = fileURLToPath(new URL("../../", import.meta.url));
const outputDir = `${root}test/output`;
const sizesFile = `${root}playground/src/generated/plugin-sizes.json`;

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let playground: PlaygroundServer;
let solana: RunningSolanaRpc;

beforeAll(async () => {
  mkdirSync(outputDir, { recursive: true });
  // npm start measures the bundle sizes; a fresh checkout under test measures them here, once.
  const sizes = existsSync(sizesFile) ? Promise.resolve() : promisify(execFile)(process.execPath, [`${root}bench/plugin-sizes.mjs`, "--quiet"]).then(() => {});
  [emulator, solana] = await Promise.all([startServer({ memory: true, port: 0, seed: "e2e-playground" }), startSolanaRpc({ port: 0 })]);
  // The playground's Vite config reads where the local Solana RPC is.
  process.env.LATCH_SOLANA_RPC_URL = solana.url;
  [browser, playground] = await Promise.all([launchChromium(), startPlayground(emulator.url), sizes]).then(([b, p]) => [b, p] as const);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await emulator?.stop();
  await solana?.stop();
});

async function open(
  query = "",
  viewport = { width: 1280, height: 900 },
  // axe is injected as an inline script, which the playground's CSP refuses.
  bypassCSP = false,
): Promise<{ page: Page; context: BrowserContext; watch: ReturnType<typeof watchPage> }> {
  const context = await browser.newContext({ viewport, bypassCSP });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: playground.url });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${playground.url}/${query}`);
  await page.getByTestId("status").filter({ hasText: /^(CONNECTED|DISCONNECTED)$/ }).waitFor({ timeout: 30_000 });
  return { page, context, watch };
}

const snippet = (page: Page) => page.getByTestId("snippet").textContent() as Promise<string>;
const preview = (page: Page) => page.getByTestId("dialog-preview");
const sizeTotal = async (page: Page) => Number.parseFloat((await page.getByTestId("size-total").textContent()) ?? "NaN");
/** Waits until the snippet contains every one of the texts. */
async function snippetShows(page: Page, ...texts: string[]) {
  for (const text of texts) await page.getByTestId("snippet").filter({ hasText: text }).waitFor({ timeout: 5000 });
}

describe("the configurator", () => {
  it("follows a new user's changes in the dialog and the code, and keeps them across a reload", async () => {
    const { page, watch } = await open();
    // The start: email and SMS, the plugins they need, and what that weighs.
    await preview(page).getByText("Sign in", { exact: true }).waitFor();
    expect(await snippet(page)).toContain(`import { sms } from "latch-kit/plugins/sms";`);
    expect(await snippet(page)).not.toContain("passkey");
    const startSize = await sizeTotal(page);
    expect(startSize).toBeGreaterThan(20); // a measured figure (email + SMS: ≈ 37 KB gzip since the kit's own primitives)

    // Dark.
    await page.getByRole("radio", { name: "Dark" }).check();
    await snippetShows(page, `theme: "dark"`);
    await page.locator("[data-theme=dark]").first().waitFor();
    await preview(page).locator("[data-latch-theme=dark]").waitFor();
    expect(page.url()).toContain("theme=dark");

    // A passkey section: the dialog shows it, the code imports the plugin, the size grows.
    await page.getByRole("checkbox", { name: "Passkey", exact: true }).check();
    await preview(page).getByText("I have a passkey").waitFor();
    await snippetShows(page, `import { passkey } from "latch-kit/plugins/passkey";`, `passkey()`, `{ type: "passkey" }`);
    expect(await sizeTotal(page)).toBeGreaterThan(startSize);

    // Reorder from the keyboard: passkey to the top (focus stays on the moved section's button).
    await page.getByRole("button", { name: "Move Passkey up" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    // (Playwright compares text with whitespace collapsed: the array may be printed on one line or several.)
    await snippetShows(page, `[{ type: "passkey" }], [{ type: "email" }], [{ type: "sms" }]`);
    const order = await preview(page).evaluate((el) => {
      const text = el.textContent ?? "";
      return [text.indexOf("I have a passkey"), text.indexOf("Continue")];
    });
    expect(order[0]).toBeLessThan(order[1]!);
    // Passkey and email in one group: no 'or' between them.
    await page.getByRole("button", { name: "'or' divider between Passkey and Email (code or magic link)" }).click();
    await snippetShows(page, `[{ type: "passkey" }, { type: "email" }]`);

    // Illustration style, header, title.
    await page.getByRole("combobox", { name: "Illustration style" }).selectOption("filled");
    await page.locator('[data-testid=illustrations] svg[data-illustration-style="filled"]').first().waitFor();
    await page.getByRole("textbox", { name: "Header" }).fill("Welcome to Acme");
    await preview(page).getByText("Welcome to Acme").waitFor();
    await page.getByRole("checkbox", { name: /Hide the 'Sign in' title/ }).check();
    await snippetShows(page, `illustrationStyle: "filled"`, `header: "Welcome to Acme"`, `hideSignInText: true`);
    await preview(page).getByText("Sign in", { exact: true }).waitFor({ state: "detached" });

    // Wallets: the dev wallets, two featured, then one, with the 'More wallets' text changed.
    await page.getByRole("checkbox", { name: "External wallets" }).check();
    await page.getByRole("combobox", { name: "Featured wallets (numFeaturedWallets)" }).selectOption("2");
    await preview(page).getByText("Dev Wallet B").waitFor();
    expect(await preview(page).getByText("Dev Wallet C").count()).toBe(0);
    await snippetShows(page, `import { evm } from "latch-kit/plugins/evm";`, `numFeaturedWallets: 2`, `evm({ chains: [devnetChain()] })`);
    await page.getByRole("combobox", { name: "Featured wallets (numFeaturedWallets)" }).selectOption("1");
    await preview(page).getByText("Dev Wallet B").waitFor({ state: "detached" });
    await page.getByRole("textbox", { name: /'More wallets' button text/ }).fill("Other wallets");
    await preview(page).getByText("Other wallets").waitFor();
    await snippetShows(page, `numFeaturedWallets: 1`, `moreButtonText: "Other wallets"`);

    // Social sign-in: google by popup (the default provider), then by redirect.
    await page.getByRole("checkbox", { name: "Social sign-in" }).check();
    await preview(page).getByText("Continue with Google").waitFor();
    await snippetShows(page, `import { oauth } from "latch-kit/plugins/oauth";`, `{ type: "social", authProviderId: "google", mode: "popup" }`);
    await page.getByRole("combobox", { name: "google sign-in mode" }).selectOption("redirect");
    await snippetShows(page, `{ type: "social", authProviderId: "google", mode: "redirect" }`);

    // Copy: the clipboard holds the snippet.
    const code = await snippet(page);
    await page.getByRole("button", { name: "Copy code" }).click();
    await page.getByRole("status").filter({ hasText: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The live modal follows too.
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Welcome to Acme").waitFor();
    await dialog.getByRole("button", { name: "I have a passkey" }).waitFor();
    await dialog.getByRole("button", { name: "Other wallets" }).waitFor();
    await dialog.getByRole("button", { name: "Continue with Google" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Reload: the same configuration, from the address alone.
    const url = page.url();
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(page.url()).toBe(url);
    expect(await snippet(page)).toBe(code);
    expect(await page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Featured wallets (numFeaturedWallets)" }).inputValue()).toBe("1");
    await preview(page).getByText("Welcome to Acme").waitFor();

    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("has no serious accessibility violation, no overflow at 375 px, and a bottom sheet there; screenshots in light and dark", async () => {
    const query = "?sections=email,social,passkey,sms,wallets&walletsFeatured=2&header=Acme";
    for (const theme of ["light", "dark"] as const) {
      for (const width of [375, 1280]) {
        const { page, watch } = await open(`${query}&theme=${theme}`, { width, height: width === 375 ? 812 : 900 }, true);
        await preview(page).getByText("Dev Wallet B").waitFor();
        // axe takes seconds a scan: each theme once, at one width each.
        if ((theme === "light") === (width === 375)) expect(await seriousViolations(page), `${theme} ${width}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${outputDir}/playground-${theme}-${width}.png`, fullPage: true });

        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "I have a passkey" }).waitFor();
        await animationsSettled(page); // the dialog's entry animation, finished
        const box = await page.getByRole("dialog").evaluate((el) => {
          const r = el.closest("[data-latch-sheet]")!.getBoundingClientRect();
          return { width: r.width, bottom: r.bottom, viewport: innerHeight };
        });
        if (width === 375) {
          expect(box.width).toBeGreaterThan(370);
          expect(Math.abs(box.bottom - box.viewport)).toBeLessThan(2);
        } else {
          expect(box.width).toBeLessThan(420);
        }
        await page.screenshot({ path: `${outputDir}/playground-${theme}-${width}-dialog.png` });
        expect(watch.errors).toEqual([]);
        expect(watch.offLoopback).toEqual([]);
        await page.close();
      }
    }
  });
});

describe("after sign-in", () => {
  it("signs in from the embedded card, shows the user and the events, manages an authenticator app, logs out", async () => {
    const { page, watch } = await open("?uiMode=embedded&emailMode=otp&sections=email&sessionMs=300000");
    await snippetShows(page, "<AuthCard />", `uiMode: "embedded"`);
    const card = page.getByTestId("dialog-embedded");
    const email = `pg-${Date.now()}@example.com`;
    await enterEmailCode(page, emulator.url, email, { scope: card, open: false });
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.getByTestId("user-email").waitFor(); // after the card's success screen

    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    expect(await page.getByTestId("user-type").textContent()).toContain("sca");
    expect(await page.getByTestId("session-remaining").textContent()).toMatch(/^[45] min \d+ s left/);
    const events = await page.getByTestId("events").textContent();
    for (const event of ["connected", "authenticating", "newUserSignup", "onAuthSuccess"]) expect(events).toContain(event);

    // Sign, verified against the user's address.
    const address = (await page.getByTestId("user-address").textContent()) as `0x${string}`;
    await page.getByRole("button", { name: "Sign message" }).click();
    const signature = (await page.getByTestId("signature").textContent()) as `0x${string}`;
    expect(await verifyMessage({ address, message: "Hello from Latch", signature })).toBe(true);

    // Account settings: an authenticator app added with its otpauth URL, verified, listed, removed.
    await page.getByTestId("settings-mfa").locator("summary").click();
    await page.getByTestId("mfa-factors").getByText("None yet.").waitFor();
    await page.getByRole("button", { name: "Add an authenticator app" }).click();
    const otpauth = await page.getByTestId("mfa-url").inputValue();
    expect(otpauth).toMatch(/^otpauth:\/\/totp\//);
    await page.getByRole("img", { name: "QR code of the authenticator setup URL" }).waitFor();
    const totp = URI.parse(otpauth) as TOTP;
    const enrolledAt = Date.now();
    await page.getByRole("textbox", { name: "Code from the app" }).fill(totp.generate({ timestamp: enrolledAt }));
    await page.getByRole("button", { name: "Verify" }).click();
    const remove = page.getByRole("button", { name: /^Remove authenticator / });
    await remove.waitFor();
    await remove.click();
    // Removing it needs its code (step-up): the card asks with 'Enter authenticator app code' (the next step's code).
    await card.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    await card.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(totp.generate({ timestamp: enrolledAt + 30_000 }));
    await page.getByTestId("mfa-factors").getByText("None yet.").waitFor();

    // Export: the secret shows in the emulator's export frame (the step-up above is still fresh: nothing is asked).
    await page.getByTestId("settings-export").locator("summary").click();
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await page.frameLocator("#turnkey-export-iframe").locator("#export-secret").waitFor();
    await page.getByRole("button", { name: "Export", exact: true }).waitFor({ state: "detached" });

    // Import: the phrase typed into the emulator's import frame becomes a wallet of the user.
    await page.getByTestId("settings-import").locator("summary").click();
    await page.getByRole("button", { name: "Import a wallet" }).click();
    const importFrame = page.frameLocator("#turnkey-import-iframe");
    await importFrame.getByRole("textbox", { name: "Secret recovery phrase" }).fill("test test test test test test test test test test test junk");
    await importFrame.getByRole("button", { name: "Import" }).click();
    await page.getByText("Imported: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96").waitFor();

    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await card.getByRole("textbox", { name: "Email" }).waitFor();
    // The backend's refusal of the bare session (before the kit asked for the code) is the only console error.
    expect(watch.errors).toEqual(["console: Failed to load resource: the server responded with a status of 403 (Forbidden)"]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("connects a dev wallet from the modal: an EOA user that signs", async () => {
    const { page, watch } = await open("?sections=wallets,email");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Connect with Dev Wallet A" }).click();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-type").textContent()).toContain("eoa");
    const address = (await page.getByTestId("user-address").textContent()) as `0x${string}`;
    await page.getByRole("button", { name: "Sign message" }).click();
    const signature = (await page.getByTestId("signature").textContent()) as `0x${string}`;
    expect(await verifyMessage({ address, message: "Hello from Latch", signature })).toBe(true);
    // The dev wallet remembers that the page connected (as an extension does): after a reload the kit reconnects.
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-address").textContent()).toBe(address);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    // Logging out revokes it: a reload stays signed out.
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("connects the dev Solana wallet from the modal's svm entries (wallet-standard, 'Solana' badge)", async () => {
    const { page, watch } = await open("?sections=wallets,email&walletsChains=evm,svm");
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Connect with Dev Wallet A" }).waitFor();
    // Not among the configured (featured) names: it is listed after them, under 'More wallets'.
    await dialog.getByRole("button", { name: "More wallets" }).click();
    await dialog.getByRole("button", { name: "Connect with Dev Solana Wallet (Solana)" }).click();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    // The dev wallet's key is the fixed public seed 7,7,…,7.
    const expected = base58.encode(ed25519.getPublicKey(new Uint8Array(32).fill(7)));
    expect(await page.getByTestId("user-address").textContent()).toBe(expected);
    // A transfer through the wallet (its signAndSendTransaction) lands on the local Solana RPC.
    await page.getByRole("button", { name: "Airdrop 1 SOL to the wallet (local RPC)" }).click();
    await page.getByTestId("solana-wallet-balance").filter({ hasText: "1.0000 SOL" }).waitFor();
    await page.getByRole("button", { name: "Send through the wallet" }).click();
    await page.getByTestId("solana-wallet-transfer").filter({ hasText: "(sent by the wallet)" }).waitFor();
    await page.getByTestId("solana-wallet-balance").filter({ hasText: "0.9900 SOL" }).waitFor();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("signs in with a custom JWT from the emulator's dev app issuer: the same subject gets the same wallet", async () => {
    const { page, watch } = await open("?sections=email&customJwt=1");
    await snippetShows(page, "jwt()");
    const subject = `dev-${Date.now()}`;
    const signIn = async () => {
      await page.getByRole("textbox", { name: /Subject/ }).fill(subject);
      await page.getByRole("button", { name: "Sign in with a dev JWT" }).click();
      await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
      return page.getByTestId("user-address").textContent();
    };
    const first = await signIn();
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await page.getByTestId("events").textContent()).toContain("newUserSignup");
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(await signIn()).toBe(first);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("signs and sends on Solana: a verified message, an airdrop, a transfer whose fee the local fee payer pays", async () => {
    const { page, watch } = await open("?sections=email&emailMode=otp&solana=1");
    const email = `sol-${Date.now()}@example.com`;
    await enterEmailCode(page, emulator.url, email);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await snippetShows(page, `solanaEmbedded({ rpcUrl: "${solana.url}", policyId: "solana-sponsorship" })`);

    const address = (await page.getByTestId("user-solana").textContent())!;
    await page.getByRole("button", { name: "Sign a Solana message" }).click();
    const signature = (await page.getByTestId("solana-signature").textContent())!;
    expect(ed25519.verify(Buffer.from(signature.replace(/^0x/, ""), "hex"), new TextEncoder().encode("Hello from Latch"), base58.decode(address))).toBe(true);

    await page.getByTestId("solana-balance").filter({ hasText: "0.0000 SOL" }).waitFor();
    await page.getByRole("button", { name: "Airdrop 1 SOL (local RPC)" }).click();
    await page.getByTestId("solana-balance").filter({ hasText: "1.0000 SOL" }).waitFor();
    await page.getByRole("button", { name: "Send a Solana transfer" }).click();
    await page.getByTestId("solana-transfer").waitFor();
    await page.getByTestId("solana-balance").filter({ hasText: "0.9900 SOL" }).waitFor();
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("signs up with google in a popup through the emulator's dev identity provider", async () => {
    const { page, watch } = await open("?sections=social,email&emailMode=otp");
    await page.getByRole("button", { name: "Sign in" }).click();
    const opened = page.context().waitForEvent("page");
    await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
    const popup = await opened;
    expect(new URL(popup.url()).origin).toBe(emulator.url);
    await popup.getByRole("button", { name: /Ada Lovelace/ }).click();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-email").textContent()).toBe("ada@example.com");
    const events = await page.getByTestId("events").textContent();
    for (const event of ["connectedOauth", "newUserSignup", "onAuthSuccess"]) expect(events).toContain(event);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });
});
