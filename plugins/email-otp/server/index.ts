// The email-otp method's server part: sign-up and sign-in by a code sent to an email address
// (`signup` / `auth` with an email, then `otp`). Server-only: the kit's entries never import it.
import { validate, schemas as s, type ServerMethod } from "../../../server/method-kit";
import { contactCodes, signInWithCode, signUpWithCode } from "../../../lib/sign-in/server/contact-codes";
import { emailModeOf, emailSignIn, namesEmail } from "../../../lib/sign-in/server/email";

const accepts = (raw: unknown, ctx: Parameters<typeof emailModeOf>[0]) => namesEmail(raw) && emailModeOf(ctx, raw) === "otp";

export const emailOtpServer: ServerMethod = {
  id: "email-otp",
  uses: [contactCodes],
  signUp: {
    names: "email",
    accepts,
    handle: (c, raw, ctx) => signUpWithCode(c, ctx, { email: s.normalizeEmail(validate(emailSignIn, raw).email) }),
  },
  signIn: {
    names: "email",
    accepts,
    handle: (c, raw, ctx) => signInWithCode(c, ctx, { email: s.normalizeEmail(validate(emailSignIn, raw).email) }),
  },
};
