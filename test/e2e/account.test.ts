import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { URI, type TOTP } from "otpauth";
import { hashMessage, recoverAddress, verifyMessage } from "viem";
import { mnemonicToAccount, privateKeyToAddress } from "viem/accounts";
import { createSecrets } from "../../server/crypto/secrets";
import { sealExportBundle } from "../../server/crypto/exportBundle";
import { signImportBundle } from "../../server/crypto/importBundle";
import { watchPage } from "./support/chromium";
import { waitForMessage } from "./support/inbox";
import { confirmWithContactCode, enterEmailCode, uniqueEmail } from "./support/sign-in";
import { usePageStack } from "./support/stack";
import { addVirtualAuthenticator } from "./support/webauthn";
import { expectNotInApp } from "./support/secrets-in-app";

// A session's own sign-in counts as its fresh proof for five minutes (step-up); here it never does
// (`signInProofMs: 0`), so every session is as one older than that, without waiting for it. Those
// proofs are codes to the email, beside the sign-ins' own: more than 3 within 30 s to one address.
const stack = usePageStack(["account"], { limits: { signInProofMs: 0, sendMaxPerWindow: 10 } });

let phones = 0;
const uniquePhone = () => `+1555${String(Date.now() % 100000).padStart(5, "0")}${String(++phones).padStart(2, "0")}`.slice(0, 14);

async function open(): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await stack.browser.newPage({ viewport: { width: 1100, height: 1000 } });
  const watch = watchPage(page);
  await page.goto(`${stack.pages.url}/account?emulator=${encodeURIComponent(stack.emulator.url)}`);
  await status(page, /^DISCONNECTED$/);
  return { page, watch };
}

const status = (page: Page, value: RegExp) => page.getByTestId("status").filter({ hasText: value }).waitFor();
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? "";

/** Clicks a button and waits for its outcome: "ok" or "error: <message>". */
async function press(page: Page, name: string): Promise<string> {
  const before = Number((await text(page, "outcome")).split(":")[0]);
  await page.getByRole("button", { name, exact: true }).click();
  const done = new RegExp(`^${before + 1}:(ok|error: .*)$`);
  await page.getByTestId("outcome").filter({ hasText: done }).waitFor();
  return (await text(page, "outcome")).replace(/^\d+:/, "");
}

async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code);
}

/** Email sign-in or sign-up by code in the dialog; resolves at the code screen's outcome. */
async function emailCode(page: Page, email: string) {
  // Not a second earlier: the previous code to this address may be that recent.
  await enterEmailCode(page, stack.emulator.url, email, { since: Date.now() });
}

async function signedIn(page: Page, email: string) {
  await emailCode(page, email);
  await status(page, /^CONNECTED$/);
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await page.getByTestId("auth-methods").filter({ hasText: "passkeys" }).waitFor();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await status(page, /^DISCONNECTED$/);
}

/** A code sent to a new contact, through the page's buttons. */
async function verifyContact(page: Page, kind: "email" | "phone", contact: string) {
  const since = Date.now();
  await page.getByRole("textbox", { name: "Contact" }).fill(contact);
  expect(await press(page, kind === "email" ? "Send email code" : "Send phone code")).toBe("ok");
  const message = await waitForMessage(stack.emulator.url, contact, since);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(message.code!);
}

/** What Chromium logs for the backend's STEP_UP_REQUIRED (403) before the kit asks for the proof. */
const STEP_UP_REFUSAL = "console: Failed to load resource: the server responded with a status of 403 (Forbidden)";
const TOTP_STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / TOTP_STEP_MS);

/** A code of the step after `usedStep` (the server takes one step ahead of now, each step once): waits for the clock if needed. */
async function codeAfter(totp: TOTP, usedStep: number): Promise<string> {
  await expect.poll(stepNow, { timeout: 2 * TOTP_STEP_MS, interval: 500 }).toBeGreaterThanOrEqual(usedStep);
  return totp.generate({ timestamp: (usedStep + 1) * TOTP_STEP_MS });
}

const lookup = async (email: string) =>
  ((await (await fetch(`${stack.emulator.url}/signer/v1/lookup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) })).json()) as { orgId: string | null }).orgId;

describe("account management in Chromium against the emulator", () => {
  it("enrols TOTP from the otpauth URL, then email sign-in asks for it; removing the factor stops that", async () => {
    const { page, watch } = await open();
    const email = uniqueEmail("totp");
    await signedIn(page, email);
    // Enrolling a factor needs a fresh proof too (step-up): a code to the account's email first.
    const since = Date.now();
    const asked = press(page, "Add MFA");
    await confirmWithContactCode(page, stack.emulator.url, email, since);
    expect(await asked).toBe("ok");
    const url = await text(page, "mfa-url");
    expect(url).toMatch(/^otpauth:\/\/totp\//);
    expect(await page.getByRole("img", { name: "MFA QR code" }).getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    const totp = URI.parse(url) as TOTP;
    const enrolment = totp.generate();
    await page.getByRole("textbox", { name: "MFA code" }).fill(enrolment);
    expect(await press(page, "Verify MFA")).toBe("ok");
    expect(await press(page, "List MFA")).toBe("ok");
    expect(JSON.parse(await text(page, "mfa-factors"))).toEqual([{ multiFactorId: expect.any(String), multiFactorType: "totp" }]);

    await logOut(page);
    await emailCode(page, email);
    await page.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    // The enrolment code's time step is spent: a code of the next step (within the accepted window).
    const current = totp.generate();
    const signInStep = current === enrolment ? stepNow() + 1 : stepNow();
    await typeCode(page, totp.generate({ timestamp: signInStep * TOTP_STEP_MS }));
    await status(page, /^CONNECTED$/);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await text(page, "user-email")).toBe(email);

    // Removing the factor needs its code (step-up): the kit asks with 'Enter authenticator app code'.
    // Closing that screen cancels the removal; the factor stays.
    const cancelled = press(page, "Remove MFA");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await cancelled).toBe("error: The change was cancelled: it needs you to confirm it's you.");
    expect(JSON.parse(await text(page, "mfa-factors"))).toHaveLength(1);

    const removed = press(page, "Remove MFA");
    await dialog.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    await typeCode(page, await codeAfter(totp, signInStep));
    await dialog.waitFor({ state: "detached" });
    expect(await removed).toBe("ok");
    expect(await text(page, "mfa-factors")).toBe("[]");
    await logOut(page);
    await emailCode(page, email);
    await status(page, /^CONNECTED$/);
    // The browser logs the backend's three refusals of the bare session (then the kit asked for the code).
    expect(watch.errors).toEqual([STEP_UP_REFUSAL, STEP_UP_REFUSAL, STEP_UP_REFUSAL]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("changes the email with a code: the new address signs in, the old one no longer finds the user", async () => {
    const { page } = await open();
    const old = uniqueEmail("old");
    await signedIn(page, old);
    const address = await text(page, "user-address");
    const next = uniqueEmail("new");
    await verifyContact(page, "email", next);
    // Changing it needs a fresh proof beside the new address's code: a code to the current address (step-up).
    const since = Date.now();
    const changed = press(page, "Set email");
    await confirmWithContactCode(page, stack.emulator.url, old, since);
    expect(await changed).toBe("ok");
    await page.getByTestId("user-email").filter({ hasText: next }).waitFor();
    expect(JSON.parse(await text(page, "auth-methods")).email).toBe(next);
    expect(await lookup(old)).toBeNull();

    await logOut(page);
    await emailCode(page, next);
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-address")).toBe(address);
    expect(await text(page, "events")).not.toMatch(/newUserSignup.*newUserSignup/);
    await page.close();
  });

  it("adds and removes a phone; the last way to sign in cannot be removed", async () => {
    const { page } = await open();
    const email = uniqueEmail("phone");
    await signedIn(page, email);
    const phone = uniquePhone();
    await verifyContact(page, "phone", phone);
    const since = Date.now();
    const set = press(page, "Set phone");
    await confirmWithContactCode(page, stack.emulator.url, email, since);
    expect(await set).toBe("ok");
    await page.getByTestId("user-phone").filter({ hasText: phone }).waitFor();
    await page.getByTestId("auth-methods").filter({ hasText: phone }).waitFor();
    // Within five minutes of the proof, the same session changes its phone again without being asked.
    expect(await press(page, "Remove phone")).toBe("ok");
    await expect.poll(() => text(page, "user-phone")).toBe("");
    expect(JSON.parse(await text(page, "auth-methods")).phone).toBeUndefined();
    // Setting a phone without a code is refused by the kit with the spec's text.
    await page.getByRole("textbox", { name: "Code", exact: true }).fill("");
    expect(await press(page, "Set phone")).toBe("error: Verification token is required to change phone number");
    expect(await press(page, "Remove email")).toMatch(/^error: This is the account's last way to sign in/);
    expect(await text(page, "user-email")).toBe(email);
    await page.close();
  });

  it("exports the seed phrase into the export frame only: it derives the user's address and never reaches the app", async () => {
    const { page, watch } = await open();
    const email = uniqueEmail("export");
    await signedIn(page, email);
    const address = await text(page, "user-address");
    // Export needs a fresh proof: a code to the account's email (step-up), then the frame shows the phrase.
    const since = Date.now();
    const exported = press(page, "Export");
    await confirmWithContactCode(page, stack.emulator.url, email, since);
    expect(await exported).toBe("ok");
    await page.getByTestId("exported").filter({ hasText: "true" }).waitFor();
    const frame = page.frameLocator("#turnkey-export-iframe");
    const secret = frame.locator("#export-secret");
    await secret.waitFor();
    expect(await frame.locator("#export-label").textContent()).toBe("Your secret recovery phrase");
    const mnemonic = (await secret.textContent())!.trim();
    expect(mnemonic.split(/\s+/)).toHaveLength(12);
    expect(mnemonicToAccount(mnemonic).address).toBe(address);
    await expectNotInApp(page, [mnemonic, mnemonic.split(" ").slice(0, 3).join(" ")]);
    expect(watch.errors).toEqual([STEP_UP_REFUSAL]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("logout revokes the session key: a stamp the frame made before is refused by the server after", async () => {
    const { page, watch } = await open();
    await signedIn(page, uniqueEmail("logout"));
    const stampWhoami = () =>
      page.evaluate(async () => {
        const w = window as unknown as { __latchSigner: import("latch-kit").EmbeddedSigner };
        const user = w.__latchSigner.requireUser();
        return w.__latchSigner.stampedRequest("query/whoami", { organizationId: user.orgId, timestampMs: w.__latchSigner.nextTimestampMs() });
      });
    const [before, after] = [await stampWhoami(), await stampWhoami()];
    const whoami = async (stampedRequest: unknown) => {
      const answer = await fetch(`${stack.emulator.url}/signer/v1/whoami`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ stampedRequest }) });
      return { status: answer.status, code: ((await answer.json()) as { code?: string }).code };
    };
    expect((await whoami(before)).status).toBe(200);
    const revoked = page.waitForResponse((response) => response.url().endsWith("/signer/v1/revoke-session"));
    await logOut(page);
    expect((await revoked).status()).toBe(200);
    expect(await whoami(after)).toEqual({ status: 401, code: "UNKNOWN_API_KEY" });
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("a session older than five minutes adding a passkey is asked for a code first; the passkey is added after it and then signs in", async () => {
    const { page, watch } = await open();
    const authenticator = await addVirtualAuthenticator(page);
    const email = uniqueEmail("add-passkey");
    await signedIn(page, email);
    const address = await text(page, "user-address");
    const since = Date.now();
    const added = press(page, "Add passkey");
    // The backend refused to add it to the session alone: the kit asks for a code to the email before it is added.
    await confirmWithContactCode(page, stack.emulator.url, email, since);
    expect(await added).toBe("ok");
    await page.getByTestId("auth-methods").filter({ hasText: /"passkeys":\[\{/ }).waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);

    // That passkey signs the user in.
    await logOut(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "I have a passkey" }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-address")).toBe(address);
    // The backend's refusal of the bare session (before the kit asked for the code) is the only console error.
    expect(watch.errors).toEqual([STEP_UP_REFUSAL]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("exports the private key for a passkey session", async () => {
    const { page, watch } = await open();
    await addVirtualAuthenticator(page);
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await status(page, /^CONNECTED$/);
    await page.getByTestId("auth-methods").filter({ hasText: "passkeys" }).waitFor();
    const address = await text(page, "user-address");
    // A passkey session stamps with the passkey: its assertion is the fresh proof, nothing more is asked.
    expect(await press(page, "Export")).toBe("ok");
    const frame = page.frameLocator("#turnkey-export-iframe");
    await frame.locator("#export-secret").waitFor();
    expect(await frame.locator("#export-label").textContent()).toBe("Your private key");
    const privateKey = (await frame.locator("#export-secret").textContent())!.trim() as `0x${string}`;
    expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(privateKeyToAddress(privateKey)).toBe(address);
    await expectNotInApp(page, [privateKey, privateKey.slice(2)]);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe("wallet import in Chromium against the emulator", () => {
  it("imports the phrase typed into the import frame: the hook answers viem's address, which then signs; the phrase never reaches the app", async () => {
    const mnemonic = "test test test test test test test test test test test junk";
    const { page, watch } = await open();
    const email = uniqueEmail("import");
    await signedIn(page, email);
    const before = Number((await text(page, "outcome")).split(":")[0]);
    await page.getByRole("button", { name: "Import wallet", exact: true }).click();
    const frame = page.frameLocator("#turnkey-import-iframe");
    const phrase = frame.getByRole("textbox", { name: "Secret recovery phrase" });
    await phrase.waitFor();
    // A phrase with a wrong checksum is refused in the frame; the import waits for a valid one.
    await phrase.fill(mnemonic.replace(/junk$/, "test"));
    await frame.getByRole("button", { name: "Import" }).click();
    await frame.getByRole("alert").filter({ hasText: "This is not a valid recovery phrase. Check each word and their order." }).waitFor();
    expect(await text(page, "outcome")).toBe(`${before + 1}:pending`);
    await phrase.fill("");
    await phrase.pressSequentially(mnemonic);
    await frame.getByRole("button", { name: "Import" }).click();
    await page.getByTestId("outcome").filter({ hasText: new RegExp(`^${before + 1}:(ok|error: .*)$`) }).waitFor();
    expect(await text(page, "outcome")).toBe(`${before + 1}:ok`);
    const [evm, solana] = (await text(page, "imported-addresses")).split(",");
    expect(evm).toBe(mnemonicToAccount(mnemonic).address);
    expect(solana).toBe("oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96");
    // The frame is gone once the import settled.
    expect(await page.locator("#turnkey-import-iframe").count()).toBe(0);

    const message = "signed with the imported account";
    const signature = await page.evaluate(
      ({ payload, signWith }) => (window as unknown as { __latchSigner: import("latch-kit").EmbeddedSigner }).__latchSigner.signRawPayload({ payload, signWith }),
      { payload: hashMessage(message), signWith: evm! },
    );
    expect(await recoverAddress({ hash: hashMessage(message), signature })).toBe(evm);
    expect(await verifyMessage({ address: evm as `0x${string}`, message, signature })).toBe(true);
    await expectNotInApp(page, [mnemonic, "test test test"]);
    // The kit exports the imported wallet (walletId) into the export frame: the phrase typed at import.
    const since = Date.now();
    const exporting = press(page, "Export");
    await confirmWithContactCode(page, stack.emulator.url, email, since);
    expect(await exporting).toBe("ok");
    const exported = page.frameLocator("#turnkey-export-iframe").locator("#export-secret");
    await exported.waitFor();
    expect((await exported.textContent())!.trim()).toBe(mnemonic);
    await expectNotInApp(page, [mnemonic]);
    expect(watch.errors).toEqual([STEP_UP_REFUSAL]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });
});

describe("the emulator's import frame", () => {
  it("takes only bundles signed by the key baked into its page, for the organisation and user the parent names", async () => {
    const { page } = await open();
    await signedIn(page, uniqueEmail("import-frame"));
    const { bundle, orgId, userId, early } = await page.evaluate(async (frameUrl) => {
      const w = window as unknown as { __IframeStamper: typeof import("@turnkey/iframe-stamper").IframeStamper; __probe: unknown; __latchSigner: import("latch-kit").EmbeddedSigner };
      const probe = new w.__IframeStamper({ iframeUrl: frameUrl, iframeContainer: document.body, iframeElementId: "probe-import-frame" });
      w.__probe = probe;
      await probe.init();
      const early = await probe.extractWalletEncryptedBundle().then(String, (e: Error) => `ERROR ${e.message}`);
      const signer = w.__latchSigner;
      const { orgId, userId } = signer.user!;
      const activity = await signer.keyManagement.submitActivity("init_import_wallet", {
        type: "ACTIVITY_TYPE_INIT_IMPORT_WALLET",
        timestampMs: String(Date.now()),
        organizationId: orgId,
        parameters: { userId },
      });
      return { bundle: activity.result.initImportWalletResult.importBundle, orgId, userId, early };
    }, `${stack.emulator.url}/frames/import`);
    expect(early).toBe("ERROR no import bundle was injected");
    const { targetPublic } = JSON.parse(Buffer.from(JSON.parse(bundle).data, "hex").toString("utf8")) as { targetPublic: string };
    const forged = signImportBundle(createSecrets(new Uint8Array(32).fill(7)), targetPublic, orgId, userId);
    const relabelled = JSON.stringify({ ...JSON.parse(forged), enclaveQuorumPublic: JSON.parse(bundle).enclaveQuorumPublic });
    const results = await page.evaluate(
      async (cases) => {
        const probe = (window as unknown as { __probe: import("@turnkey/iframe-stamper").IframeStamper }).__probe;
        const out: string[] = [];
        for (const [value, organizationId, userId] of cases) out.push(await probe.injectImportBundle(value!, organizationId!, userId!).then(String, (e: Error) => `ERROR ${e.message}`));
        return out;
      },
      [
        [forged, orgId, userId],
        [relabelled, orgId, userId],
        [bundle, "00000000-0000-4000-8000-000000000000", userId],
        [bundle, orgId, "00000000-0000-4000-8000-000000000000"],
        [bundle, orgId, userId],
      ],
    );
    expect(results.slice(0, 4)).toEqual([
      "ERROR import bundle is signed by an unknown key",
      "ERROR import bundle signature does not verify",
      `ERROR import bundle is for organization ${orgId}, not 00000000-0000-4000-8000-000000000000`,
      `ERROR import bundle is for user ${userId}, not 00000000-0000-4000-8000-000000000000`,
    ]);
    expect(results[4]).toBe("true");
    await page.close();
  });
});

describe("the emulator's export frame", () => {
  it("trusts only the signing key baked into its page: forged, re-labelled and other-organisation bundles are refused", async () => {
    const { page } = await open();
    const email = uniqueEmail("frame");
    await signedIn(page, email);
    // A frame of our own, and a genuine bundle sealed to it through the key-management API (after a step-up).
    const since = Date.now();
    const sealing = page.evaluate(async (frameUrl) => {
      const w = window as unknown as { __IframeStamper: typeof import("@turnkey/iframe-stamper").IframeStamper; __probe: unknown; __latchSigner: import("latch-kit").EmbeddedSigner };
      const probe = new w.__IframeStamper({ iframeUrl: frameUrl, iframeContainer: document.body, iframeElementId: "probe-export-frame" });
      w.__probe = probe;
      const target = await probe.init();
      const signer = w.__latchSigner;
      const organizationId = signer.user!.orgId;
      const { wallets } = await signer.keyManagement.request("query/list_wallets", { organizationId });
      const activity = await signer.stepUp(() =>
        signer.keyManagement.submitActivity("export_wallet", {
          type: "ACTIVITY_TYPE_EXPORT_WALLET",
          timestampMs: signer.nextTimestampMs(),
          organizationId,
          parameters: { walletId: wallets[0]!.walletId, targetPublicKey: target },
        }),
      );
      return { target, bundle: activity.result.exportWalletResult.exportBundle, orgId: organizationId };
    }, `${stack.emulator.url}/frames/export`);
    await confirmWithContactCode(page, stack.emulator.url, email, since);
    const { target, bundle, orgId } = await sealing;
    const realKey = (JSON.parse(bundle) as { enclaveQuorumPublic: string }).enclaveQuorumPublic;
    const words = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
    const otherKey = await sealExportBundle(createSecrets(new Uint8Array(32).fill(7)), target, new TextEncoder().encode(words), orgId);
    const relabelled = JSON.stringify({ ...JSON.parse(otherKey), enclaveQuorumPublic: realKey });
    const results = await page.evaluate(
      async (cases) => {
        const probe = (window as unknown as { __probe: import("@turnkey/iframe-stamper").IframeStamper }).__probe;
        const out: string[] = [];
        for (const [value, organizationId] of cases) {
          out.push(await probe.injectWalletExportBundle(value!, organizationId!).then(String, (e: Error) => `ERROR ${e.message}`));
        }
        return out;
      },
      [
        [otherKey, orgId],
        [relabelled, orgId],
        [bundle, "00000000-0000-4000-8000-000000000000"],
        [bundle, orgId],
      ],
    );
    expect(results[0]).toBe("ERROR export bundle is signed by an unknown key");
    expect(results[1]).toBe("ERROR export bundle signature does not verify");
    expect(results[2]).toMatch(/^ERROR export bundle is for organization .*, not 00000000-/);
    expect(results[3]).toBe("true");
    const shown = (await page.frameLocator("#probe-export-frame").locator("#export-secret").textContent())!;
    expect(mnemonicToAccount(shown.trim()).address).toBe(await text(page, "user-address"));
    expect(shown).not.toContain("abandon abandon");
    await page.close();
  });
});
