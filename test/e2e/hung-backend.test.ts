import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchPage } from "./support/chromium";
import { usePageStack } from "./support/stack";
import { uniqueEmail } from "./support/sign-in";

// A signer host that hangs: this proxy forwards to the emulator, but the routes named in `hung`
// never answer. The kit must give up with the spec's timeout text, never an endless spinner.
const stack = usePageStack(["account"]);
const hung = new Set<string>();
let proxy: Server;
let proxyUrl: string;

async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k))) as Record<string, string>;
  const answer = await fetch(`${stack.emulator.url}${req.url}`, {
    method: req.method!,
    headers,
    ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
  });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, key) => {
    if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(key)) out[key] = value;
  });
  res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
}

beforeAll(async () => {
  proxy = createServer((req, res) => {
    if (req.method === "POST" && hung.has(new URL(req.url ?? "/", "http://x").pathname)) return; // never answers
    forward(req, res).catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "localhost", resolve));
  proxyUrl = `http://localhost:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
});

describe("a backend that never answers", () => {
  it("email sign-in gives up after requestTimeoutMs and the dialog shows 'Connection timed out: It looks like you need more time.'", async () => {
    hung.add("/signer/v1/lookup");
    const page = await stack.browser.newPage({ viewport: { width: 1100, height: 900 } });
    const watch = watchPage(page);
    await page.goto(`${stack.pages.url}/account?emulator=${encodeURIComponent(proxyUrl)}&requestTimeoutMs=1500`);
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("hung"));
    await page.getByRole("button", { name: "Continue" }).first().click();
    await page.getByRole("alert").filter({ hasText: "Connection timed out: It looks like you need more time." }).waitFor({ timeout: 10_000 });
    // Back on the first screen, ready for another try; the status settled.
    await page.getByRole("textbox", { name: "Email" }).waitFor();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
