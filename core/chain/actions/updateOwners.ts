// Changes the owner set of a multi-owner account on chain: a user operation calling updateOwners on itself.
import { type Address, encodeFunctionData } from "viem";
import { multiOwnerAbi } from "../accounts/abis";
import type { SmartAccountClient } from "../client";
import { LatchError } from "../../errors";
import { type SendUserOperationReturnType, sendUserOperation } from "./sendUserOperation";

/** Owners to add and to remove on a multi-owner account. */
export interface UpdateOwnersParameters {
  ownersToAdd?: readonly Address[];
  ownersToRemove?: readonly Address[];
}

/** The owner update's user operation hash and request. */
export type UpdateOwnersReturnType = SendUserOperationReturnType;

/** Adds and removes owners of a multi-owner smart account with one user operation. */
export async function updateOwners(
  client: SmartAccountClient,
  parameters: UpdateOwnersParameters,
): Promise<UpdateOwnersReturnType> {
  const { account } = client;
  if (account.accountType !== "MultiOwnerLightAccount" && account.accountType !== "MultiOwnerModularAccount") {
    throw new LatchError(`${account.accountType} has a single owner: updateOwners needs a multi-owner account`);
  }
  const data = encodeFunctionData({
    abi: multiOwnerAbi,
    functionName: "updateOwners",
    args: [parameters.ownersToAdd ?? [], parameters.ownersToRemove ?? []],
  });
  return await sendUserOperation(client, { calls: [{ to: account.address, data }] });
}
