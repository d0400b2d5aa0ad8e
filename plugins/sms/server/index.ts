// The sms method's server part: sign-up and sign-in by a code sent to a phone number (`signup` /
// `auth` with a phone, then `otp`). Server-only: the kit's entries never import it.
import { requests } from "../../../wire/requests";
import { validate, type ServerMethod } from "../../../server/method-kit";
import { contactCodes, signInWithCode, signUpWithCode } from "../../../lib/sign-in/server/contact-codes";
import { isObject } from "../../../lib/sign-in/server/email";

const smsSignIn = requests["sms-sign-in"];

/** A body naming a phone and no email (a body with both is an email sign-in). */
const accepts = (raw: unknown) => isObject(raw) && "phone" in raw && !("email" in raw);

export const smsServer: ServerMethod = {
  id: "sms",
  uses: [contactCodes],
  signUp: { names: "phone", accepts, handle: (c, raw, ctx) => signUpWithCode(c, ctx, { phone: validate(smsSignIn, raw).phone }) },
  signIn: { names: "phone", accepts, handle: (c, raw, ctx) => signInWithCode(c, ctx, { phone: validate(smsSignIn, raw).phone }) },
};
