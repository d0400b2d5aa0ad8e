import { randomUUID } from "node:crypto";
import { insertMessage } from "../store/messages";
import type { Delivery } from "./types";

/** The dev profile's delivery: every email and SMS lands in the dev inbox (`/dev/inbox`). */
export const inboxDelivery: Delivery = {
  async send(sql, { to, channel, subject, text, code, link }, now) {
    await insertMessage(sql, { id: randomUUID(), to, channel, subject, text, code, link }, now);
  },
};
