import { expect } from "vitest";
import type { Page } from "playwright-core";

/**
 * Records, in the app's page, every message its script could read from or give to a frame: what it
 * posts (window, MessagePort) and what reaches its listeners. Call before the page loads.
 */
export async function recordFrameTraffic(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __frameTraffic: string[] }).__frameTraffic = seen;
    const note = (data: unknown) => {
      try {
        seen.push(typeof data === "string" ? data : JSON.stringify(data));
      } catch {
        seen.push(String(data));
      }
    };
    const postToPort = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, ...rest: never[]) {
      note(message);
      return postToPort.call(this, message, ...rest);
    };
    const listen = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
      if (type === "message" && typeof listener === "function") {
        const wrapped = function (this: unknown, event: MessageEvent) {
          note(event.data);
          return (listener as (e: MessageEvent) => unknown).call(this, event);
        };
        return listen.call(this, type, wrapped as EventListener, options as AddEventListenerOptions);
      }
      return listen.call(this, type, listener as EventListener, options as AddEventListenerOptions);
    };
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage")!;
    Object.defineProperty(MessagePort.prototype, "onmessage", {
      ...onmessage,
      set(this: MessagePort, handler: ((e: MessageEvent) => unknown) | null) {
        onmessage.set!.call(this, handler ? (event: MessageEvent) => (note(event.data), handler.call(this, event)) : null);
      },
    });
  });
}

/** The secret is in none of the app's DOM, storage, string-valued globals, or (when recorded) its frame traffic. */
export async function expectNotInApp(page: Page, needles: string[]): Promise<void> {
  const found = await page.evaluate((values) => {
    const haystacks = [
      document.documentElement.outerHTML,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      document.cookie,
      ...((window as unknown as { __frameTraffic?: string[] }).__frameTraffic ?? []),
      ...Object.keys(window).map((k) => {
        const v = (window as unknown as Record<string, unknown>)[k];
        return typeof v === "string" ? v : "";
      }),
    ];
    return values.filter((v) => haystacks.some((h) => h.includes(v)));
  }, needles);
  expect(found).toEqual([]);
}

/** The frame messages `recordFrameTraffic` saw (to check the recorder saw the exchange at all). */
export function recordedFrameTraffic(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __frameTraffic?: string[] }).__frameTraffic ?? []);
}
