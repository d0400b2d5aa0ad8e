// What a person meets on the email and SMS sign-in, in Chromium against the real emulator: resend,
// paste, back, the texts of a failed code, and the magic link's return.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startServer } from "../../server/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";
import { waitForMessage, type InboxMessage } from "./support/inbox";
import { uniqueEmail } from "./support/sign-in";

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let playground: PlaygroundServer;

beforeAll(async () => {
  emulator = await startServer({ memory: true, port: 0, seed: "e2e-flows", checkAnswers: true });
  [browser, playground] = await Promise.all([launchChromium(), startPlayground(emulator.url)]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await emulator?.stop();
});

async function open(query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${playground.url}/${query}`);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor({ timeout: 30_000 });
  return page;
}

async function startEmail(page: Page, email: string): Promise<InboxMessage> {
  const since = Date.now() - 1000;
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Continue" }).first().click();
  return waitForMessage(emulator.url, email, since);
}

async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code);
}

/** A paste into the first box, as the browser fires it (a ClipboardEvent carrying the text). */
async function paste(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).evaluate((box, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Presses 'Resend code' (or 'Resend link') and returns the message it sent. */
async function resend(page: Page, to: string, after: InboxMessage, name = "Resend code"): Promise<InboxMessage> {
  await page.getByRole("button", { name }).click();
  await page.getByRole("button", { name: "resent" }).waitFor();
  return waitForMessage(emulator.url, to, Date.parse(after.sentAt) + 1);
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
const events = (page: Page) => page.getByTestId("events").textContent();

describe("resend", () => {
  it("keeps a new user new: after 'Resend code' the passkey offer and the new-user event still follow", async () => {
    const page = await open("?emailMode=otp&addPasskeyOnSignup=1");
    const email = uniqueEmail("resend-new");
    const first = await startEmail(page, email);
    const second = await resend(page, email, first);
    expect(second.code).not.toBe(first.code ?? "");
    await typeCode(page, second.code!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.getByRole("heading", { name: "Add a passkey" }).waitFor();
    expect(await events(page)).toContain("newUserSignup");
    await page.close();
  });

  it("keeps a new SMS user new after a resend", async () => {
    const page = await open("?emailMode=otp");
    const national = `415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const since = Date.now() - 1000;
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("textbox", { name: "Phone number" }).fill(national);
    await page.getByRole("button", { name: "Continue" }).last().click();
    const first = await waitForMessage(emulator.url, `+1${national}`, since);
    const second = await resend(page, `+1${national}`, first);
    await typeCode(page, second.code!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await events(page)).toContain("newUserSignup");
    await page.close();
  });
});

describe("paste", () => {
  for (const shape of ["spaced", "padded", "dashed", "sentence"] as const) {
    it(`takes the six digits out of a ${shape} paste, fills the boxes and signs in`, async () => {
      const page = await open("?emailMode=otp");
      const email = uniqueEmail(`paste-${shape}`);
      const { code, text } = await startEmail(page, email);
      const pasted = {
        spaced: `${code!.slice(0, 3)} ${code!.slice(3)}`,
        padded: ` ${code!.slice(0, 3)} ${code!.slice(3)} `,
        dashed: `${code!.slice(0, 3)}-${code!.slice(3)}`,
        // The mail's whole text: the code and 'It expires in 10 minutes.'
        sentence: text,
      }[shape];
      await paste(page, pasted);
      await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
      await page.close();
    });
  }

  it("says so (the spec's invalid-code text) when the paste has no code, and sends nothing", async () => {
    const page = await open("?emailMode=otp");
    await startEmail(page, uniqueEmail("paste-none"));
    await paste(page, "see you at 10:30");
    await page.getByRole("alert").filter({ hasText: "Connection failed: The code could not be verified. The code you entered is incorrect." }).waitFor();
    expect(await page.getByRole("textbox", { name: "Digit 1 of 6" }).inputValue()).toBe("");
    expect(await page.getByTestId("status").textContent()).not.toBe("CONNECTED");
    await page.close();
  });
});

describe("back and close keep what the user typed", () => {
  it("the back arrow on the code step shows the entered email again, and so does closing and reopening", async () => {
    const page = await open("?emailMode=otp");
    const email = uniqueEmail("back");
    await startEmail(page, email);
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
    await page.close();
  });

  it("keeps the phone number across back", async () => {
    const page = await open("?emailMode=otp");
    const national = `415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("textbox", { name: "Phone number" }).fill(national);
    await page.getByRole("button", { name: "Continue" }).last().click();
    await page.getByRole("group", { name: "One-time code" }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByRole("textbox", { name: "Phone number" }).inputValue()).toBe(national);
    await page.close();
  });
});

describe("a failed code says what happened", () => {
  it("the third wrong code says the code is used up", async () => {
    const page = await open("?emailMode=otp");
    const { code } = await startEmail(page, uniqueEmail("three"));
    const incorrect = "Connection failed: The code could not be verified. The code you entered is incorrect.";
    for (let attempt = 1; attempt <= 2; attempt++) {
      await typeCode(page, wrongCode(code!));
      await page.getByRole("alert").filter({ hasText: incorrect }).waitFor();
    }
    await typeCode(page, wrongCode(code!));
    await page.getByRole("alert").filter({ hasText: "Too many wrong codes; request a new one." }).waitFor();
    await page.close();
  });

  it("the first code typed after a resend says a newer code was sent, and the newer one signs in", async () => {
    const page = await open("?emailMode=otp");
    const email = uniqueEmail("replaced");
    const first = await startEmail(page, email);
    const second = await resend(page, email, first);
    await typeCode(page, first.code === second.code ? wrongCode(second.code!) : first.code!);
    await page
      .getByRole("alert")
      .filter({ hasText: "The code you entered is incorrect. A newer code was sent: enter the code from the latest message." })
      .waitFor();
    await typeCode(page, second.code!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.close();
  });
});

describe("magic link", () => {
  it("its resend says 'Resend link', and the link returns to the page that asked, with its query", async () => {
    const query = "?emailMode=magicLink&header=From+the+link";
    const page = await open(query);
    const watch = watchPage(page);
    const email = uniqueEmail("link-return");
    const first = await startEmail(page, email);
    await page.getByRole("heading", { name: "check your email" }).waitFor();
    expect(await page.getByRole("button", { name: "Resend code" }).count()).toBe(0);
    const second = await resend(page, email, first, "Resend link");
    const link = new URL(second.link!);
    expect(link.origin).toBe(playground.url);
    expect(link.searchParams.get("header")).toBe("From the link");
    expect(link.searchParams.has("latch-return-to")).toBe(false);
    await page.goto(second.link!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    const back = new URL(page.url());
    expect(back.searchParams.get("header")).toBe("From the link");
    expect(back.searchParams.get("emailMode")).toBe("magicLink");
    expect(back.searchParams.has("bundle")).toBe(false);
    // A new user stays new across the resent link.
    expect(await events(page)).toContain("newUserSignup");
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
