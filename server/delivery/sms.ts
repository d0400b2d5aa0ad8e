import { DeliveryError } from "./errors";
import { renderSms } from "./templates";
import type { OutgoingMessage } from "./types";
import type { MessageTemplates } from "./messageTemplates";

const TIMEOUT_MS = 10_000;

export interface SmsSender {
  send(message: OutgoingMessage, now: number): Promise<void>;
}

/** POSTs `{to, text, code}` as JSON to a URL the operator runs; any 2xx is delivered. */
export function webhookSmsSender(url: string, fetchImpl: typeof fetch = globalThis.fetch, templates?: MessageTemplates): SmsSender {
  return {
    async send(message, now) {
      await post(() =>
        fetchImpl(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ to: message.to, text: renderSms(message, now, templates), code: message.code }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
    },
  };
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** Default https://api.twilio.com; tests point it at a local stand-in. */
  baseUrl: string;
}

/** Twilio's Messages API: `POST /2010-04-01/Accounts/<sid>/Messages.json`, form-encoded, HTTP basic auth. */
export function twilioSmsSender(options: TwilioOptions, fetchImpl: typeof fetch = globalThis.fetch, templates?: MessageTemplates): SmsSender {
  const url = `${options.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    async send(message, now) {
      await post(() =>
        fetchImpl(url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: renderSms(message, now, templates) }).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
    },
  };
}

async function post(send: () => Promise<Response>): Promise<void> {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    throw new DeliveryError("sms", error);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 500);
    throw new DeliveryError("sms", new Error(`the SMS provider answered ${response.status}: ${detail}`));
  }
}
