export interface InboxMessage {
  id: string;
  to: string;
  channel: "email" | "sms";
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  sentAt: string;
}

/** Waits for the newest message to `to` sent after `since` (ms), from the emulator's dev inbox API. */
export async function waitForMessage(emulatorUrl: string, to: string, since = 0, timeoutMs = 10_000): Promise<InboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${emulatorUrl}/dev/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as InboxMessage[];
    const fresh = messages.find((m) => Date.parse(m.sentAt) >= since);
    if (fresh) return fresh;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no message to ${to} within ${timeoutMs} ms`);
}
