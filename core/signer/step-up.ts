// Step-up: the backend refuses a sensitive change to a session alone (StepUpRequiredError) and names
// the proofs the account can give. Methods register a prover per proof type (the TOTP screen, a code
// sent to the account's contact); the kit asks the first prover that fits, then sends the change again.
import { token } from "../container";
import { StepUpRequiredError, type StepUpProof } from "../errors";
import type { Kit } from "../kit-types";
import type { AbortOptions } from "../types";
import { STEP_UP_ACTION } from "../../wire/constants";
import { signRawPayloadRequest, utf8ToHex, type PayloadSigner } from "./wallet-signing";
import type { SignerClient } from "./client";
import type { Stamper } from "./stamper";

/** Asks the user for one kind of proof (`proof`: the backend's proof type) and records it with `proveStepUp`. */
export interface StepUpProver {
  /** The proof type it gives, as the backend names it (e.g. `totp`, `otp`). */
  proof: string;
  /** Resolves once the backend took the proof; rejects when the user cancels or it fails. */
  prove: (kit: Kit, proof: StepUpProof, options: AbortOptions) => Promise<void>;
}

/** Container token (a list) of the installed step-up provers. */
export const STEP_UP_PROVER = token<StepUpProver>("latch.signer.StepUpProver");

/**
 * Runs `change`; when the backend asks for a fresh proof, asks the user through the first installed
 * prover that gives one of the proofs the backend named, then runs `change` once more (a new stamp).
 * Without a fitting prover the StepUpRequiredError stands (its text says what to do).
 */
export async function withStepUp<T>(kit: Kit, change: () => Promise<T>, options: AbortOptions = {}): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof StepUpRequiredError)) throw error;
    const provers = kit.container.all(STEP_UP_PROVER);
    for (const proof of error.proofs) {
      const prover = provers.find((candidate) => candidate.proof === proof.type);
      if (!prover) continue;
      await prover.prove(kit, proof, options);
      return change();
    }
    throw error;
  }
}

/** A step-up proof the backend takes: authenticator codes, or a verify-otp token for the account's own email or phone. */
export type StepUpEvidence =
  | { multiFactors: { multiFactorId: string; multiFactorCode: string }[] }
  | { verificationToken: string }
  /** A passkey's stamper: it stamps the same body as the session (one user-verified assertion). */
  | { passkey: Stamper };

/** Gives the backend a fresh proof for this session (the `step-up` route); provers call it. */
export async function proveStepUp(signer: PayloadSigner & { client: SignerClient }, proof: StepUpEvidence, options: AbortOptions = {}): Promise<void> {
  const stampedRequest = await signRawPayloadRequest(signer, { payload: utf8ToHex(STEP_UP_ACTION) }, options);
  if ("passkey" in proof) {
    const passkeyStamp = await proof.passkey.stamp(stampedRequest.body, options);
    await signer.client.request("step-up", { stampedRequest, passkeyStamp }, options);
    return;
  }
  await signer.client.request("step-up", { stampedRequest, ...proof }, options);
}
