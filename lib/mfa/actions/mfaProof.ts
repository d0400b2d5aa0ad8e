import { getEmbeddedSigner, NotLoggedInError, signRawPayloadRequest, utf8ToHex, type Kit, type StampedRequest } from "latch-kit";

/** The names a factor change signs, as proof the caller owns the account. */
export const MFA_ACTIONS = { add: "add_mfa", delete: "delete_mfas", verify: "verify_mfa", list: "list_mfas" } as const;
export const MFA_FACTOR_TYPE = "totp" as const;

/** A stamped sign_raw_payload of the action's name: the proof every factor route takes. */
export function mfaProof(kit: Kit, action: (typeof MFA_ACTIONS)[keyof typeof MFA_ACTIONS]): Promise<StampedRequest> {
  if (!kit.getUser()) throw new NotLoggedInError();
  return signRawPayloadRequest(getEmbeddedSigner(kit), { payload: utf8ToHex(action) });
}
