import { NotLoggedInError, toQrDataUrl, type MfaFactor } from "latch-kit";
import { useAction, useKit } from "latch-kit/react";
import { addMfa } from "./actions/addMfa";
import { getMfaFactors } from "./actions/getMfaFactors";
import { removeMfa } from "./actions/removeMfa";
import { verifyMfa } from "./actions/verifyMfa";

/** TOTP second factor: add (with the otpauth URL and its QR code), verify, remove, list. */
export function useMFA() {
  const kit = useKit();
  const requireUser = () => {
    if (!kit.getUser()) throw new NotLoggedInError();
  };
  const add = useAction(async (params: { multiFactorType: string }) => {
    requireUser();
    const factor = await addMfa(kit, params);
    return { ...factor, qrCodeDataUrl: await toQrDataUrl(factor.multiFactorTotpUrl, { width: 200 }) };
  });
  const verify = useAction(async (params: { multiFactorId: string; multiFactorCode: string }) => {
    requireUser();
    return verifyMfa(kit, params);
  });
  const remove = useAction(async (params: { multiFactorIds: string[] }) => {
    requireUser();
    return removeMfa(kit, params);
  });
  const list = useAction(async (): Promise<MfaFactor[]> => {
    requireUser();
    return getMfaFactors(kit);
  });
  return {
    /** Starts adding `{ multiFactorType: "totp" }`: the promise of the factor id, otpauth URL and its QR code. */
    addMFA: add.runAsync,
    /** Completes adding with `{ multiFactorId, multiFactorCode }`: the promise of the user's factors. */
    verifyMFA: verify.runAsync,
    /** Removes `{ multiFactorIds }`: the promise of the factors left. */
    removeMFA: remove.runAsync,
    /** The promise of the user's second factors. */
    getMFAFactors: list.runAsync,
    isPending: add.isPending || verify.isPending || remove.isPending || list.isPending,
    error: add.error ?? verify.error ?? remove.error ?? list.error,
  };
}
