import type { Sql } from "../db/sql";
import type { InboxMessage } from "../store/messages";
import type { MessageKind } from "./messageTemplates";

/**
 * An email or SMS the server sends: a one-time code or a sign-in link, and what a reader needs to
 * judge it. `text` is what the dev inbox shows; real deliveries build their own texts from the fields.
 */
export interface OutgoingMessage extends Omit<InboxMessage, "id" | "sentAt"> {
  /** When the code or link stops working (epoch ms). */
  expiresAt: number;
  /** The app that asked (the request's Origin), when known. */
  requestedBy?: string | undefined;
  /** The client address that asked, for the send caps (never sent or stored with the message). */
  client?: string | undefined;
  /** What it is for: the operator's template is chosen by it (server/delivery/messageTemplates.ts). */
  kind?: MessageKind | undefined;
  /** The product name the texts use (`appName`, LATCH_APP_NAME; default "Latch"). */
  appName?: string | undefined;
  /** The request's Accept-Language: which locale's template to use. */
  acceptLanguage?: string | undefined;
}

/** Where messages go: the dev inbox (dev profile) or SMTP and an SMS provider (production). */
export interface Delivery {
  /** Sends inside the caller's transaction: a failure rolls the code back and the client gets a clear error. */
  send(sql: Sql, message: OutgoingMessage, now: number): Promise<void>;
}
