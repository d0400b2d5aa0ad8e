import { createTransport } from "nodemailer";
import { DeliveryError } from "./errors";
import { renderEmail } from "./templates";
import type { OutgoingMessage } from "./types";
import type { MessageTemplates } from "./messageTemplates";

export interface SmtpOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` */
  url: string;
  from: string;
  /** The operator's texts (LATCH_TEMPLATES_DIR); parts they leave out are the built-in ones. */
  templates?: MessageTemplates | undefined;
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
      const email = renderEmail(message, now, options.templates);
      try {
        await transport.sendMail({ to: message.to, subject: email.subject, text: email.text, html: email.html });
      } catch (error) {
        throw new DeliveryError("email", error);
      }
    },
    close: () => transport.close(),
  };
}
