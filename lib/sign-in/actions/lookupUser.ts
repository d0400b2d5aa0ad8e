import type { AbortOptions, EmbeddedSigner } from "latch-kit";

/** The organisation of a known email or phone, or null for a new user (lookup). */
export async function lookupUser(signer: EmbeddedSigner, contact: { email: string } | { phone: string }, options: AbortOptions = {}): Promise<{ orgId: string } | null> {
  const { orgId } = await signer.client.request("lookup", contact, options);
  return orgId ? { orgId } : null;
}
