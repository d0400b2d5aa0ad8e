// Account changes: verification codes, email and phone.
import { defineService, getEmbeddedSigner, LatchError, NotLoggedInError, type AbortOptions, type EmbeddedSigner, type Kit } from "latch-kit";

/** Which contact a code goes to: email or SMS. */
export type ContactType = "email" | "sms";

/** Email and phone changes for the kit's signed-in user (one per kit: it keeps the pending code). */
export const accountChangesService = defineService("sign-in.AccountChanges", { create: (kit) => new AccountChanges(getEmbeddedSigner(kit)) });
/** The kit's email and phone changes for the signed-in user. */
export const getAccountChanges = (kit: Kit): AccountChanges => accountChangesService.of(kit);

/** What changes each contact: the key-management activity, its parameter and the signer route. */
const CONTACT_UPDATES = {
  email: { operation: "submit/update_user_email", activity: "ACTIVITY_TYPE_UPDATE_USER_EMAIL", field: "userEmail", route: "update-email-auth" },
  sms: { operation: "submit/update_user_phone_number", activity: "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER", field: "userPhoneNumber", route: "update-phone-auth" },
} as const;

/** Email and phone changes of the signed-in user: send a code, then set or remove. */
export class AccountChanges {
  /** The code sent by sendVerificationCode, waiting to be used. */
  private pending: { otpId: string; type: ContactType; contact: string } | null = null;

  constructor(private readonly signer: EmbeddedSigner) {}

  /** Sends a code to a new email or phone (init-otp); the next setEmail / setPhone uses it. */
  async sendVerificationCode(params: { type: ContactType; contact: string }, options: AbortOptions = {}): Promise<{ otpId: string }> {
    if (!params.contact) throw new LatchError(params.type === "email" ? "Email must not be empty" : "Phone must not be empty");
    const { otpId } = await this.signer.client.request("init-otp", {
      contact: params.contact,
      otpType: params.type === "email" ? "OTP_TYPE_EMAIL" : "OTP_TYPE_SMS",
    }, options);
    this.pending = { otpId, ...params };
    return { otpId };
  }

  /** Exchanges the code for a verification token (verify-otp). */
  private async verificationToken(type: ContactType, otpCode: string, otpId: string | undefined, options: AbortOptions): Promise<{ token: string; contact: string }> {
    const pending = otpId ? { otpId, contact: this.pending?.contact ?? "" } : this.pending?.type === type ? this.pending : null;
    if (!pending?.otpId) throw new LatchError("Missing OTP ID");
    const { verificationToken } = await this.signer.client.request("verify-otp", { otpId: pending.otpId, otpCode }, options);
    this.pending = null;
    return { token: verificationToken, contact: pending.contact };
  }

  /** Sets the email to the address the pending code was sent to, once the code verifies. */
  async setEmail(params: { verificationCode: string; otpId?: string }, options: AbortOptions = {}): Promise<void> {
    const { token, contact } = await this.verificationToken("email", params.verificationCode, params.otpId, options);
    if (!contact) throw new LatchError("Email must not be empty");
    await this.updateContact("email", contact, token, options);
  }

  /** Removes the email sign-in (an empty value). */
  async removeEmail(options: AbortOptions = {}): Promise<void> {
    await this.updateContact("email", "", undefined, options);
  }

  /** Sets the phone to the number the pending code was sent to; "" removes it. */
  async setPhone(params: { verificationCode?: string; otpId?: string; phone?: string }, options: AbortOptions = {}): Promise<void> {
    if (params.phone === "") return this.updateContact("sms", "", undefined, options);
    if (!params.verificationCode) throw new LatchError("Verification token is required to change phone number");
    const { token, contact } = await this.verificationToken("sms", params.verificationCode, params.otpId, options);
    const phone = params.phone ?? contact;
    if (phone && !token) throw new LatchError("Verification token is required to change phone number");
    await this.updateContact("sms", phone, token, options);
  }

  /** Removes the user's phone number. */
  async removePhone(options: AbortOptions = {}): Promise<void> {
    await this.updateContact("sms", "", undefined, options);
  }

  /** Sets (or, with "", removes) a contact through its update activity, then reloads the user. */
  private async updateContact(type: ContactType, value: string, verificationToken: string | undefined, options: AbortOptions): Promise<void> {
    const update = CONTACT_UPDATES[type];
    const user = this.requireUser();
    // A change of email or phone needs a fresh proof beside the session (step-up): asked for, then sent again.
    await this.signer.stepUp(async () => {
      const stampedRequest = await this.signer.stampedRequest(update.operation, {
        type: update.activity,
        timestampMs: this.signer.nextTimestampMs(),
        organizationId: user.orgId,
        parameters: { userId: user.userId, [update.field]: value, ...(verificationToken ? { verificationToken } : {}) },
      }, undefined, options);
      await this.signer.client.request(update.route, { stampedRequest }, options);
    }, options);
    await this.signer.refreshUser(options);
  }

  private requireUser() {
    const user = this.signer.user;
    if (!user) throw new NotLoggedInError();
    return user;
  }
}
