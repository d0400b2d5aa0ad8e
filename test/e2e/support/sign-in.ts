import type { Locator, Page } from "playwright-core";
import { waitForMessage, type InboxMessage } from "./inbox";

export interface EmailCodeOptions {
  /** Where the sign-in form is (the dialog by default, or an embedded card). */
  scope?: Locator | Page;
  /** Click the page's 'Sign in' button first (default true). */
  open?: boolean;
  /** Only codes sent at or after this time (ms) count; default one second ago. */
  since?: number;
}

/** Email sign-in by code: enters the address, reads the code from the dev inbox, types it. */
export async function enterEmailCode(page: Page, emulatorUrl: string, email: string, options: EmailCodeOptions = {}): Promise<InboxMessage> {
  const since = options.since ?? Date.now() - 1000;
  if (options.open !== false) await page.getByRole("button", { name: "Sign in" }).click();
  const scope = options.scope ?? page;
  await scope.getByRole("textbox", { name: "Email" }).fill(email);
  // The email section comes first; an SMS section has its own Continue.
  await scope.getByRole("button", { name: "Continue" }).first().click();
  const message = await waitForMessage(emulatorUrl, email, since);
  await scope.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(message.code!);
  return message;
}

/** An address no earlier test used. */
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A US number no earlier test used (national digits, without +1). */
export const uniqueNationalNumber = () => `415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

/** SMS sign-in by code through the dialog: opens it, enters the number, reads the code from the dev inbox, types it. */
export async function enterSmsCode(page: Page, emulatorUrl: string, national: string): Promise<InboxMessage> {
  const since = Date.now() - 1000;
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("textbox", { name: "Phone number" }).fill(national);
  // The SMS section comes after the email one: its Continue is the last.
  await page.getByRole("button", { name: "Continue" }).last().click();
  const message = await waitForMessage(emulatorUrl, `+1${national}`, since);
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(message.code!);
  return message;
}

/**
 * Step-up by a code to the account's own contact: the kit's 'Confirm it's you' screen names the
 * contact; the code sent to it (at or after `since`) is read from the dev inbox and typed.
 */
export async function confirmWithContactCode(page: Page, emulatorUrl: string, contact: string, since: number): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Confirm it's you" }).waitFor();
  await dialog.getByText(`Enter the code we sent to ${contact} to make this change.`).waitFor();
  const message = await waitForMessage(emulatorUrl, contact, since);
  await dialog.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(message.code!);
  await dialog.waitFor({ state: "detached" });
}
