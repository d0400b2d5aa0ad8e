// Fee sponsorship by policy: the policy rides in the paymaster context of pm_getPaymasterStubData
// and pm_getPaymasterData.
import { type Address, type Hex, numberToHex } from "viem";
import { checkNonEmptyString, checkObject, checkType, Issues } from "./checks";
import { type BigNumberish, checkBigNumberish, toBigInt } from "./fees/values";

/** An ERC-20 the policy lets the user pay gas with (provider-specific; passed through to the paymaster). */
export interface PolicyToken {
  address: Address;
  maxTokenAmount?: BigNumberish;
}

/** A gas sponsorship policy: its id, and optionally the ERC-20 token that pays. */
export interface SponsorshipPolicy {
  policyId: string;
  policyToken?: PolicyToken;
}

/** What the paymaster receives as context. */
export interface SponsorshipContext {
  policyId: string;
  policyToken?: { address: Address; maxTokenAmount?: Hex };
}

/** Checks a sponsorship policy and returns it; throws a readable error for a bad field. */
export function validateSponsorshipPolicy(policy: SponsorshipPolicy): SponsorshipPolicy {
  const issues = new Issues();
  if (checkObject(policy, ["policyId", "policyToken"], "", issues)) {
    checkNonEmptyString(policy.policyId, "policyId", issues);
    const token = policy.policyToken;
    if (token !== undefined && checkObject(token, ["address", "maxTokenAmount"], "policyToken", issues)) {
      if (checkType(token.address, "string", "policyToken.address", issues) && !/^0x[0-9a-fA-F]{40}$/.test(token.address as string)) {
        issues.add("policyToken.address", "Expected an address (0x and 40 hex characters)");
      }
      if (token.maxTokenAmount !== undefined) checkBigNumberish(token.maxTokenAmount, "policyToken.maxTokenAmount", issues);
    }
  }
  issues.done();
  return policy;
}

/** The paymaster context for a sponsorship policy. */
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
