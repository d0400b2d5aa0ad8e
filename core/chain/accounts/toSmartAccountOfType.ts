// One entry for "an account of this type" (what useSmartAccountClient({ type, accountParams }) needs).
import type { Address } from "viem";
import type { Owner } from "../owner";
import type { AccountClient } from "./toLatchAccount";
import { toLightAccount } from "./toLightAccount";
import { toModularAccountV2 } from "./toModularAccountV2";
import { toMultiOwnerLightAccount } from "./toMultiOwnerLightAccount";
import { toMultiOwnerModularAccount } from "./toMultiOwnerModularAccount";
import type { AccountType, LatchSmartAccount } from "./types";

/** The per-type options; `owners` only matters for the multi-owner types. */
export interface AccountParams {
  salt?: bigint;
  factoryAddress?: Address;
  accountAddress?: Address;
  owners?: readonly Address[];
}

/** The smart account of the given type (`"LightAccount"`, `"ModularAccountV2"`, …) for an owner. */
export async function toSmartAccountOfType(
  type: AccountType,
  parameters: { client: AccountClient; owner: Owner } & AccountParams,
): Promise<LatchSmartAccount> {
  switch (type) {
    case "LightAccount":
      return await toLightAccount(parameters);
    case "MultiOwnerLightAccount":
      return await toMultiOwnerLightAccount(parameters);
    case "ModularAccountV2":
      return await toModularAccountV2(parameters);
    case "MultiOwnerModularAccount":
      return await toMultiOwnerModularAccount(parameters);
    default: {
      const unknownType: never = type;
      throw new Error(`Unknown account type ${String(unknownType)}`);
    }
  }
}
