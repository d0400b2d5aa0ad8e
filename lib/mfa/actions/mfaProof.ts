import { getEmbeddedSigner, NotLoggedInError, signRawPayloadRequest, utf8ToHex, type AbortOptions, type Kit, type StampedRequest } from "latch-kit";

import { MFA_ACTIONS } from "../../../wire/constants";

export { MFA_ACTIONS, MFA_FACTOR_TYPE } from "../../../wire/constants";

/** A stamped sign_raw_payload of the action's name: the proof every factor route takes. */
export function mfaProof(kit: Kit, action: (typeof MFA_ACTIONS)[keyof typeof MFA_ACTIONS], options: AbortOptions = {}): Promise<StampedRequest> {
  if (!kit.getUser()) throw new NotLoggedInError();
  return signRawPayloadRequest(getEmbeddedSigner(kit), { payload: utf8ToHex(action) }, options);
}
