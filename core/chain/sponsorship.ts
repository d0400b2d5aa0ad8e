// Fee sponsorship by policy (spec §1, §3): the policy rides in the paymaster context of pm_getPaymasterStubData
// and pm_getPaymasterData.
import { type } from "arktype";
import { type Address, type Hex, numberToHex } from "viem";
import { ChainConfigError } from "./errors";
import { type BigNumberish, bigNumberishSchema, toBigInt } from "./fees/values";

/** An ERC-20 the policy lets the user pay gas with (provider-specific; passed through to the paymaster). */
export interface PolicyToken {
  address: Address;
  maxTokenAmount?: BigNumberish;
}

export interface SponsorshipPolicy {
  policyId: string;
  policyToken?: PolicyToken;
}

/** What the paymaster receives as context. */
export interface SponsorshipContext {
  policyId: string;
  policyToken?: { address: Address; maxTokenAmount?: Hex };
}

const policySchema = type({
  "+": "reject",
  policyId: "string > 0",
  "policyToken?": { "+": "reject", address: /^0x[0-9a-fA-F]{40}$/, "maxTokenAmount?": bigNumberishSchema },
});

export function validateSponsorshipPolicy(policy: SponsorshipPolicy): SponsorshipPolicy {
  const checked = policySchema(policy);
  if (checked instanceof type.errors) {
    throw new ChainConfigError(checked.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
  }
  return policy;
}

export function sponsorshipContext(policy: SponsorshipPolicy): SponsorshipContext {
  const token = policy.policyToken;
  return {
    policyId: policy.policyId,
    ...(token
      ? {
          policyToken: {
            address: token.address,
            ...(token.maxTokenAmount !== undefined ? { maxTokenAmount: numberToHex(toBigInt(token.maxTokenAmount)) } : {}),
          },
        }
      : {}),
  };
}
