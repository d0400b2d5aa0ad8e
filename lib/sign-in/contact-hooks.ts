import type { AbortOptions } from "latch-kit";
import { useAction, useKit } from "latch-kit/react";
import { getAccountChanges, type ContactType } from "./contact";

/** Sends a code to a new email or phone before setting it. */
export function useSendVerificationCode() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(({ signal, ...params }: { type: ContactType; contact: string } & AbortOptions) =>
    getAccountChanges(kit).sendVerificationCode(params, { signal }),
  );
  return {
    /** Sends a code to `{ type, contact }`; a failure lands in `error`. */
    sendVerificationCode: run,
    /** Sends a code and returns the promise of its `{ otpId }`. */
    sendVerificationCodeAsync: runAsync,
    isPending,
    error,
  };
}

/** Sets the user's email with the code sent by `useSendVerificationCode`: `{ setEmail, setEmailAsync, isSettingEmail, error }`. */
export function useSetEmail() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(({ signal, ...params }: { verificationCode: string; otpId?: string } & AbortOptions) =>
    getAccountChanges(kit).setEmail(params, { signal }),
  );
  return {
    /** Sets the email with `{ verificationCode }`; a failure lands in `error`. */
    setEmail: run,
    /** Sets the email and returns the promise of it. */
    setEmailAsync: runAsync,
    isSettingEmail: isPending,
    error,
  };
}

/** Removes the user's email: `{ removeEmail, removeEmailAsync, isRemovingEmail, error }`. */
export function useRemoveEmail() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((options: AbortOptions = {}) => getAccountChanges(kit).removeEmail(options));
  return {
    /** Removes the email (optionally `{ signal }` to give up); a failure lands in `error`. */
    removeEmail: run,
    /** Removes the email and returns the promise of it. */
    removeEmailAsync: runAsync,
    isRemovingEmail: isPending,
    error,
  };
}

/** Sets the user's phone with the code sent by `useSendVerificationCode`: `{ setPhone, setPhoneAsync, isSettingPhone, error }`. */
export function useSetPhone() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(({ signal, ...params }: { verificationCode?: string; otpId?: string; phone?: string } & AbortOptions) =>
    getAccountChanges(kit).setPhone(params, { signal }),
  );
  return {
    /** Sets the phone with `{ verificationCode }`; a failure lands in `error`. */
    setPhone: run,
    /** Sets the phone and returns the promise of it. */
    setPhoneAsync: runAsync,
    isSettingPhone: isPending,
    error,
  };
}

/** Removes the user's phone: `{ removePhone, removePhoneAsync, isRemovingPhone, error }`. */
export function useRemovePhone() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((options: AbortOptions = {}) => getAccountChanges(kit).removePhone(options));
  return {
    /** Removes the phone (optionally `{ signal }` to give up); a failure lands in `error`. */
    removePhone: run,
    /** Removes the phone and returns the promise of it. */
    removePhoneAsync: runAsync,
    isRemovingPhone: isPending,
    error,
  };
}
