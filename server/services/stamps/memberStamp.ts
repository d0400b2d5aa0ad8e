import { recoverMessageAddress, type Hex } from "viem";
import { unauthorized } from "../../errors";
import type { ServerContext } from "../../context";
import { membersOf } from "../../store/multiOwner";
import type { VerifiedStamp } from "./scheme";

export const MEMBER_STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191";

/**
 * A member of a multi-owner organisation stamps with their EVM key: an EIP-191 signature over the
 * exact body (`X-Stamp` with the secp256k1 scheme). The signer must be a member of the body's org.
 */
export async function verifyMemberStamp(
  ctx: ServerContext,
  input: { body: string; signature: string; organizationId: string },
): Promise<VerifiedStamp & { memberUserId: string }> {
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message: input.body, signature: (input.signature.startsWith("0x") ? input.signature : `0x${input.signature}`) as Hex });
  } catch {
    throw unauthorized("INVALID_STAMP", "The member stamp's signature does not verify over the request body");
  }
  const members = await membersOf(ctx.db, input.organizationId);
  const member = members.find((m) => m.evmSignerAddress.toLowerCase() === signer.toLowerCase());
  if (!member) throw unauthorized("UNKNOWN_MEMBER", `${signer} is not a member of organization ${input.organizationId}`);
  return {
    credential: `member:${signer.toLowerCase()}`,
    signatureTag: input.signature.toLowerCase(),
    validUntil: ctx.now() + 2 * ctx.limits.stampMaxSkewMs,
    memberUserId: member.userId,
  };
}
