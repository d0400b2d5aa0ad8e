import { randomUUID } from "node:crypto";
import * as s from "../schemas";
import type { ServerContext } from "../context";
import { conflict } from "../errors";
import { findUserByContact } from "../store/users";
import { findOauthProvider, insertOauthProvider } from "../store/oauthProviders";
import { prepareAccount, saveAccount } from "./accounts";
import { sendCode } from "./codes";
import { openSession, prepareSession, registerSession } from "./sessions";
import type { VerifiedClaims } from "./jwt";
import type { TrustedIssuer } from "../idp/socialProvider";
import { listFactors, sealPendingSignIn, type FactorSummary } from "./mfa";

// Sign-in by a verified identity (issuer, subject), shared by social sign-in and custom JWTs.

export type IdentitySignIn =
  | { kind: "session"; orgId: string; credentialBundle: string; isSignUp: boolean }
  | { kind: "linking"; orgId: string; otpId: string; email: string }
  | { kind: "mfa"; orgId: string; encryptedPayload: string; multiFactors: FactorSummary[] };

/**
 * Signs a verified identity (issuer + subject) in: a linked identity opens a session, or, when its
 * user has a second factor, answers MFA_REQUIRED (the session waits for the TOTP code); an unknown one
 * whose verified email belongs to a user is, with `linkByEmail`, an account-linking prompt (a code
 * goes to that email); otherwise a new user is made, with the email when it is free.
 */
export async function signInWithIdentity(
  ctx: ServerContext,
  params: {
    issuer: TrustedIssuer;
    claims: VerifiedClaims;
    providerName: string;
    targetPublicKey: string;
    expirationSeconds: number | undefined;
    linkByEmail: boolean;
  },
): Promise<IdentitySignIn> {
  const { claims, issuer } = params;
  const linked = await findOauthProvider(ctx.db, issuer.issuer, claims.sub);
  if (linked) {
    const multiFactors = await listFactors(ctx.db, linked.orgId);
    if (multiFactors.length > 0) {
      const encryptedPayload = sealPendingSignIn(ctx, {
        orgId: linked.orgId,
        targetPublicKey: params.targetPublicKey,
        ...(params.expirationSeconds === undefined ? {} : { expirationSeconds: params.expirationSeconds }),
      });
      return { kind: "mfa", orgId: linked.orgId, encryptedPayload, multiFactors };
    }
    const credentialBundle = await openSession(ctx, linked.orgId, params.targetPublicKey, params.expirationSeconds, { signIn: true });
    return { kind: "session", orgId: linked.orgId, credentialBundle, isSignUp: false };
  }
  const email = verifiedEmail(claims);
  const owner = email ? await findUserByContact(ctx.db, { email }) : undefined;
  if (owner && params.linkByEmail) {
    const otpId = await ctx.db.transaction((tx) => sendCode(tx, ctx, { contact: email!, channel: "email", purpose: "auth", orgId: owner.orgId }));
    return { kind: "linking", orgId: owner.orgId, otpId, email: email! };
  }
  const account = await prepareAccount(ctx, email && !owner ? { email } : {});
  const grant = await prepareSession(ctx, params.targetPublicKey, params.expirationSeconds, { signIn: true });
  const orgId = account.user.orgId;
  await ctx.db.transaction(async (tx) => {
    await saveAccount(tx, ctx, account);
    const inserted = await insertOauthProvider(
      tx,
      {
        providerId: randomUUID(),
        orgId,
        issuer: issuer.issuer,
        subject: claims.sub,
        providerName: params.providerName,
        userDisplayName: displayNameOf(claims),
      },
      ctx.now(),
    );
    if (!inserted) throw conflict("SIGN_IN_RACE", "This identity was signed up by a concurrent request; sign in again");
    await registerSession(tx, ctx, orgId, grant);
  });
  return { kind: "session", orgId, credentialBundle: grant.credentialBundle, isSignUp: true };
}

export function verifiedEmail(claims: VerifiedClaims): string | undefined {
  if (typeof claims.email !== "string" || claims.email_verified === false || claims.email_verified === "false") return undefined;
  const checked = s.email(claims.email.trim());
  return typeof checked === "string" ? s.normalizeEmail(checked) : undefined;
}

export function displayNameOf(claims: VerifiedClaims): string | null {
  if (typeof claims.email === "string" && claims.email) return claims.email;
  if (typeof claims.name === "string" && claims.name) return claims.name;
  return null;
}
