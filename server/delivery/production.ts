import { ApiError } from "../errors";
import { channelNotConfigured } from "./errors";
import type { EmailSender } from "./smtp";
import type { SmsSender } from "./sms";
import type { Delivery } from "./types";

/** SMS to these country calling codes only (LATCH_SMS_ALLOWED_COUNTRIES): none until the operator sets it, against toll fraud. */
export interface SmsCountries {
  allowed: readonly string[];
  /** Told of each SMS refused for its country (metrics). */
  refused(): void;
}

/** The phone's country is not on the operator's list (numbers are E.164; calling codes are prefix-free). */
function checkSmsCountry(phone: string, countries: SmsCountries): void {
  const digits = phone.replace(/^\+/, "");
  if (countries.allowed.some((code) => digits.startsWith(code))) return;
  countries.refused();
  const allowed = countries.allowed.length > 0 ? `it allows ${countries.allowed.map((code) => `+${code}`).join(", ")}` : "it allows none yet";
  throw new ApiError(
    403,
    "SMS_COUNTRY_NOT_ALLOWED",
    `This server does not send SMS to this country; its operator lists the country calling codes it sends to in LATCH_SMS_ALLOWED_COUNTRIES (${allowed})`,
  );
}

/**
 * The production profile's delivery: email by SMTP, SMS by the configured provider to the allowed
 * countries; a channel without a sender is refused (503).
 */
export function realDelivery(senders: { email?: EmailSender | undefined; sms?: SmsSender | undefined; smsCountries: SmsCountries }): Delivery {
  return {
    async send(_sql, message, now) {
      const sender = message.channel === "email" ? senders.email : senders.sms;
      if (!sender) throw channelNotConfigured(message.channel);
      if (message.channel === "sms") checkSmsCountry(message.to, senders.smsCountries);
      await sender.send(message, now);
    },
  };
}
