import { useAction, useKit } from "latch-kit/react";
import { getAccountChanges, type ContactType } from "./contact";

/** Sends a code to a new email or phone before setting it. */
export function useSendVerificationCode() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((params: { type: ContactType; contact: string }) =>
    getAccountChanges(kit).sendVerificationCode(params),
  );
  return { sendVerificationCode: run, sendVerificationCodeAsync: runAsync, isPending, error };
}

export function useSetEmail() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((params: { verificationCode: string; otpId?: string }) =>
    getAccountChanges(kit).setEmail(params),
  );
  return { setEmail: run, setEmailAsync: runAsync, isSettingEmail: isPending, error };
}

export function useRemoveEmail() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(() => getAccountChanges(kit).removeEmail());
  return { removeEmail: run, removeEmailAsync: runAsync, isRemovingEmail: isPending, error };
}

export function useSetPhone() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((params: { verificationCode?: string; otpId?: string; phone?: string }) =>
    getAccountChanges(kit).setPhone(params),
  );
  return { setPhone: run, setPhoneAsync: runAsync, isSettingPhone: isPending, error };
}

export function useRemovePhone() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(() => getAccountChanges(kit).removePhone());
  return { removePhone: run, removePhoneAsync: runAsync, isRemovingPhone: isPending, error };
}
