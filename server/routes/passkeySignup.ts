import { type } from "arktype";
import type { EmulatorContext } from "../context";
import { conflict } from "../errors";
import { validate } from "../validate";
import * as s from "../schemas";
import { findUserByContact } from "../store/users";
import { prepareAccount, saveAccount } from "../services/accounts";
import { passkeySchema, savePasskey, verifyPasskeyAttestation } from "../services/passkeys";

const passkeySignUpBody = type({ passkey: passkeySchema, "email?": s.email });

/** The name the first passkey of a passkey sign-up is stored under. */
export const SIGNUP_PASSKEY_NAME = "passkey";

/**
 * `signup` with `{passkey: {challenge, attestation}, email?}`: the attestation is verified, then the
 * user and wallet are created as for an email sign-up, with the passkey as their first authenticator.
 * An email (optional) is stored on the new user; one that belongs to a user already is refused.
 */
export async function passkeySignUp(ctx: EmulatorContext, raw: unknown, requestOrigin: string | undefined) {
  const request = validate(passkeySignUpBody, raw);
  const email = request.email === undefined ? undefined : s.normalizeEmail(request.email);
  if (email && (await findUserByContact(ctx.db, { email }))) {
    throw conflict("USER_EXISTS", "A user with this email already exists; sign in instead");
  }
  const passkey = await verifyPasskeyAttestation(ctx, request.passkey, requestOrigin);
  const account = await prepareAccount(ctx, email ? { email } : {});
  await ctx.db.transaction(async (tx) => {
    await saveAccount(tx, ctx, account);
    await savePasskey(tx, ctx, account.user.orgId, passkey, `${SIGNUP_PASSKEY_NAME}-${ctx.now()}`);
  });
  ctx.observer.signIn("passkey");
  const { user } = account;
  return { orgId: user.orgId, userId: user.userId, address: user.address, solanaAddress: user.solanaAddress };
}
