import { ApiError } from "../errors";

/** The provider refused or could not be reached: the client may try again; the detail goes to the log, not the answer. */
export class DeliveryError extends ApiError {
  constructor(channel: "email" | "sms", cause: unknown) {
    super(502, "DELIVERY_FAILED", `The ${channel === "email" ? "email" : "text message"} could not be sent; try again in a moment`);
    this.cause = cause;
  }
}

/** The operator configured no way to send on this channel. */
export const channelNotConfigured = (channel: "email" | "sms") =>
  new ApiError(
    503,
    channel === "email" ? "EMAIL_NOT_CONFIGURED" : "SMS_NOT_CONFIGURED",
    channel === "email" ? "This server sends no email (SMTP_URL is not set)" : "This server sends no SMS (set LATCH_SMS_WEBHOOK_URL or TWILIO_*)",
  );
