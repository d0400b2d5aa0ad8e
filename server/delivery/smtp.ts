import { createTransport } from "nodemailer";
import { DeliveryError } from "./errors";
import { renderEmail } from "./templates";
import type { OutgoingMessage } from "./types";

export interface SmtpOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` */
  url: string;
  from: string;
}

export interface EmailSender {
  send(message: OutgoingMessage, now: number): Promise<void>;
  close(): void;
}

/** Email over SMTP with nodemailer: a text part and an accessible HTML part. */
export function smtpSender(options: SmtpOptions): EmailSender {
  const transport = createTransport(options.url, { from: options.from });
  return {
    async send(message, now) {
      const email = renderEmail(message, now);
      try {
        await transport.sendMail({ to: message.to, subject: email.subject, text: email.text, html: email.html });
      } catch (error) {
        throw new DeliveryError("email", error);
      }
    },
    close: () => transport.close(),
  };
}
