import type { EmbeddedSigner } from "latch-kit";

/** The organisation of a known email or phone, or null for a new user (lookup). */
export async function lookupUser(signer: EmbeddedSigner, contact: { email: string } | { phone: string }): Promise<{ orgId: string } | null> {
  const { orgId } = await signer.client.request("lookup", contact);
  return orgId ? { orgId } : null;
}
