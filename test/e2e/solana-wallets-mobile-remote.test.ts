// Mobile Wallet Adapter remote association end to end, all on loopback: a desktop Chromium page with
// `mobileWallet({ remoteHostAuthority })` dials a local reflector (wss://127.0.0.1, a certificate made
// for this run that Chromium trusts by its key only), shows the association URL as a QR code, and the
// fake wallet app 'scans' it (reads the URL the modal drew), joins the reflector with the session's
// id, authorizes, and signs a message — every frame relayed by the reflector, encrypted end to end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { startMwaReflector, type MwaReflector } from "./support/solana-wallets/mwa-reflector";
import { MwaRemoteTestWallet } from "./support/solana-wallets/mwa-remote-wallet";

const MWA = "Connect with Mobile Wallet Adapter (Solana)";
const QR_MODAL = "Scan with your mobile wallet";
const QR_IMAGE = "QR code to open this session in your mobile wallet";
const ONE_SESSION = ["connecting", "reflector_id_received", "hello_req_sent", "connected", "disconnected"];

let browser: Browser;
let server: PageServer;
let reflector: MwaReflector;
let wallet: MwaRemoteTestWallet;

beforeAll(async () => {
  reflector = await startMwaReflector();
  wallet = new MwaRemoteTestWallet(reflector.certificate.cert);
  // Only this run's key is trusted despite the self-signed certificate; any other still fails.
  [browser, server] = await Promise.all([launchChromium({ extraArgs: [`--ignore-certificate-errors-spki-list=${reflector.certificate.spkiHash}`] }), startPageServer(["solana-mobile"])]);
}, 30_000);

afterAll(async () => {
  wallet?.close();
  await browser?.close();
  await server?.close();
  await reflector?.close();
});

/** A desktop page (Playwright's Linux Chromium user agent) whose mobile wallet uses our reflector. */
async function desktopPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/solana-mobile?reflector=${reflector.authority}`);
  return page;
}

/** The QR modal is up: the association URL its image carries (what a phone camera would read). */
async function readQrCode(page: Page): Promise<string> {
  const modal = page.getByRole("dialog", { name: QR_MODAL });
  const url = await modal.getByRole("img", { name: QR_IMAGE }).getAttribute("data-association-url");
  expect(url).toBeTruthy();
  return url!;
}

/** The URL names our reflector and the id the reflector gave this app socket. */
function expectRemoteAssociationUrl(url: string) {
  const query = new URL(url).searchParams;
  expect(url).toMatch(/^solana-wallet:\/?v1\/associate\/remote\?/);
  expect(query.get("reflector")).toBe(reflector.authority);
  expect(reflector.log.at(-1)).toBe(`app joined ${query.get("id")}`);
  return query.get("id")!;
}

/** Sign-in dialog → a wallet → Mobile Wallet Adapter: a connect (a session) starts. */
async function connectFromDialog(page: Page) {
  await page.getByRole("button", { name: "Open sign-in" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await signIn.getByRole("button", { name: "Continue with a wallet" }).click();
  await signIn.getByRole("button", { name: MWA }).click();
}

const sessionsSeen = async (page: Page) => (await page.getByTestId("mwa-sessions").textContent())!.split(",");

describe("Mobile Wallet Adapter remote association (desktop, local reflector)", () => {
  it("connects from the dialog through the QR code, then signs a message in a second scanned session", async () => {
    const page = await desktopPage();
    const watch = watchPage(page);
    await page.getByTestId("mwa-state").filter({ hasText: "Loadable remote disconnected connecting=false connected=false" }).waitFor();

    // Connect: the dialog's Mobile Wallet Adapter button opens the QR modal once the reflector sent the id.
    await connectFromDialog(page);
    const qrModal = page.getByRole("dialog", { name: QR_MODAL });
    const first = await readQrCode(page);
    const firstId = expectRemoteAssociationUrl(first);
    expect(await qrModal.getByRole("img", { name: QR_IMAGE }).getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    await page.getByTestId("mwa-state").filter({ hasText: "remote reflector_id_received connecting=true" }).waitFor();
    expect(reflector.relayed).toEqual({ toWallet: 0, toApp: 0 }); // HELLO_REQ waits for the wallet

    await wallet.scan(first);
    await qrModal.waitFor({ state: "detached" }); // the wallet joined: the QR code is gone
    await page.getByTestId("user").filter({ hasText: `eoa ${wallet.keys.address}` }).waitFor();
    await page.getByTestId("mwa-state").filter({ hasText: "Installed remote disconnected connecting=false connected=true" }).waitFor();
    expect(await sessionsSeen(page)).toEqual(["disconnected", ...ONE_SESSION]);
    expect(wallet.log[0]).toMatchObject({ method: "authorize", params: { identity: { name: "Latch test" }, chain: "solana:localnet" } });
    expect(wallet.log[0]!.params.auth_token).toBeUndefined();

    // Sign a message: a new session, a new QR code (new association key, new reflector id).
    await page.getByRole("button", { name: "Sign message", exact: true }).click();
    const second = await readQrCode(page);
    const secondId = expectRemoteAssociationUrl(second);
    expect(secondId).not.toBe(firstId);
    expect(new URL(second).searchParams.get("association")).not.toBe(new URL(first).searchParams.get("association"));
    await wallet.scan(second);
    await qrModal.waitFor({ state: "detached" });
    await page.getByTestId("result").filter({ hasText: /./ }).or(page.getByTestId("error").filter({ hasText: /./ })).waitFor();
    expect(await page.getByTestId("error").textContent()).toBe("");
    const signature = new Uint8Array(Buffer.from((await page.getByTestId("result").textContent())!, "base64"));
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, new TextEncoder().encode("Sign in to Latch"), wallet.keys.publicKey)).toBe(true);

    await page.getByTestId("mwa-state").filter({ hasText: "Installed remote disconnected connecting=false connected=true" }).waitFor();
    expect(await sessionsSeen(page)).toEqual(["disconnected", ...ONE_SESSION, ...ONE_SESSION]);
    expect(wallet.log.map((l) => `${l.method}${l.params.auth_token ? `(${l.params.auth_token as string})` : ""}`)).toEqual(["authorize", "authorize(token-1)", "sign_messages"]);
    expect(wallet.scanned).toEqual([first, second]);
    // Each session's sockets paired on its id, and closed when the app ended the session.
    await expect.poll(() => reflector.log.filter((l) => l.endsWith(firstId) || l.endsWith(secondId))).toEqual([
      `app joined ${firstId}`,
      `wallet joined ${firstId}`,
      `closed ${firstId}`,
      `app joined ${secondId}`,
      `wallet joined ${secondId}`,
      `closed ${secondId}`,
    ]);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.context().close();
  });

  it("the QR code goes as soon as the wallet joined (HELLO_REQ sent), before the wallet answered it", async () => {
    const page = await desktopPage();
    const watch = watchPage(page);
    await connectFromDialog(page);
    const qrModal = page.getByRole("dialog", { name: QR_MODAL });
    let answerHello!: () => void;
    const helloHeld = new Promise<void>((resolve) => (answerHello = resolve));
    const before = { ...reflector.relayed };
    await wallet.scan(await readQrCode(page), { beforeHelloResponse: helloHeld });
    await page.getByTestId("mwa-state").filter({ hasText: "remote hello_req_sent connecting=true" }).waitFor();
    await qrModal.waitFor({ state: "detached" });
    // HELLO_REQ went through, nothing came back.
    expect(reflector.relayed).toEqual({ toWallet: before.toWallet + 1, toApp: before.toApp });
    answerHello();
    await page.getByTestId("mwa-state").filter({ hasText: "Installed remote disconnected connecting=false connected=true" }).waitFor();
    expect(await sessionsSeen(page)).toEqual(["disconnected", ...ONE_SESSION]);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.context().close();
  });

  it("Cancel in the QR modal before anyone scanned: the reflector sees the app leave, nobody is connected", async () => {
    const page = await desktopPage();
    const watch = watchPage(page);
    await connectFromDialog(page);
    const id = expectRemoteAssociationUrl(await readQrCode(page));
    const qrModal = page.getByRole("dialog", { name: QR_MODAL });
    await qrModal.getByRole("button", { name: "Cancel" }).click();
    await qrModal.waitFor({ state: "detached" });
    await expect.poll(() => reflector.log.at(-1)).toBe(`closed ${id}`);
    await page.getByTestId("mwa-state").filter({ hasText: "remote disconnected connecting=false" }).waitFor();
    expect(await sessionsSeen(page)).toEqual(["disconnected", "connecting", "reflector_id_received", "disconnected"]);
    expect(await page.getByTestId("user").textContent()).toBe("none");
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.context().close();
  });
});
