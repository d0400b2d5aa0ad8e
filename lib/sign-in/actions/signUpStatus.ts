import type { EmbeddedSigner } from "latch-kit";

/**
 * Whether this send signs a new user up. A resend finds the account the first send created, so the
 * lookup alone would call the user known: a pending sign-up for the same contact and organisation
 * stays a sign-up (the passkey offer and the new-user event still follow the code or link).
 */
export function isSignUp(signer: EmbeddedSigner, contact: string, existing: { orgId: string } | null): boolean {
  if (!existing) return true;
  const pending = signer.sessions.getTemporary();
  return pending?.isNewUser === true && pending.contact === contact && pending.orgId === existing.orgId;
}
