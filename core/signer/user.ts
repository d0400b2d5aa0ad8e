import type { Hex } from "viem";
import type { User } from "../types";
import type { RouteResponse } from "../../wire/routes";

/** The kit's user from the backend's `whoami` answer. */
export const toUser = (answer: RouteResponse<"whoami">): User => ({
  type: "sca",
  orgId: answer.orgId,
  userId: answer.userId,
  address: answer.address as Hex,
  ...(answer.solanaAddress ? { solanaAddress: answer.solanaAddress } : {}),
  ...(answer.email ? { email: answer.email } : {}),
  ...(answer.phone ? { phone: answer.phone } : {}),
  ...(answer.custody ? { custody: answer.custody } : {}),
});
