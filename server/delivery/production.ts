import { channelNotConfigured } from "./errors";
import type { EmailSender } from "./smtp";
import type { SmsSender } from "./sms";
import type { Delivery } from "./types";

/** The production profile's delivery: email by SMTP, SMS by the configured provider; a channel without one is refused (503). */
export function realDelivery(senders: { email?: EmailSender | undefined; sms?: SmsSender | undefined }): Delivery {
  return {
    async send(_sql, message, now) {
      const sender = message.channel === "email" ? senders.email : senders.sms;
      if (!sender) throw channelNotConfigured(message.channel);
      await sender.send(message, now);
    },
  };
}
