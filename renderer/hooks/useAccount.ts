import { useMemo, useState, useSyncExternalStore, type ReactElement } from "react";
import { createElement } from "react";
import {
  DEFAULT_EXPORT_IFRAME_CONTAINER_ID,
  exportWallet,
  getAccountChanges,
  getEmbeddedSigner,
  NotLoggedInError,
  toQrDataUrl,
  type ContactType,
  type ExportParams,
  type MfaFactor,
} from "latch-kit";
import { useKit } from "../context";
import { useAction } from "./useAction";

/** TOTP second factor: add (with the otpauth URL and its QR code), verify, remove, list. */
export function useMFA() {
  const kit = useKit();
  const signer = getEmbeddedSigner(kit);
  const requireUser = () => {
    if (!kit.getUser()) throw new NotLoggedInError();
  };
  const add = useAction(async (params: { multiFactorType: string }) => {
    requireUser();
    const factor = await signer.addMfa(params);
    return { ...factor, qrCodeDataUrl: await toQrDataUrl(factor.multiFactorTotpUrl, { width: 200 }) };
  });
  const verify = useAction(async (params: { multiFactorId: string; multiFactorCode: string }) => {
    requireUser();
    return signer.verifyMfa(params);
  });
  const remove = useAction(async (params: { multiFactorIds: string[] }) => {
    requireUser();
    return signer.removeMfa(params);
  });
  const list = useAction(async (): Promise<MfaFactor[]> => {
    requireUser();
    return signer.getMfaFactors();
  });
  return {
    addMFA: add.runAsync,
    verifyMFA: verify.runAsync,
    removeMFA: remove.runAsync,
    getMFAFactors: list.runAsync,
    isPending: add.isPending || verify.isPending || remove.isPending || list.isPending,
    error: add.error ?? verify.error ?? remove.error ?? list.error,
  };
}

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

/**
 * Wallet export: place `<ExportAccountComponent />` where the secret should appear; the export
 * frame shows it there, so the secret never enters the app's DOM or memory.
 */
export function useExportAccount(params: ExportParams = {}) {
  const kit = useKit();
  // The component must keep its identity: a new one would remount its container and drop the
  // frame that exportWallet put inside it. It reads isExported from this store instead.
  const [exported] = useState(createFlag);
  const isExported = useSyncExternalStore(exported.subscribe, exported.get, exported.get);
  const { runAsync, isPending, error } = useAction(async () => {
    const done = await exportWallet(getEmbeddedSigner(kit), params);
    exported.set(done);
    return done;
  });
  const containerId = params.iframeContainerId ?? DEFAULT_EXPORT_IFRAME_CONTAINER_ID;
  const ExportAccountComponent = useMemo(
    () =>
      function ExportAccountComponent(props: { className?: string; hidden?: boolean }): ReactElement {
        const shown = useSyncExternalStore(exported.subscribe, exported.get, exported.get);
        return createElement("div", { id: containerId, className: props.className, hidden: props.hidden ?? !shown, style: { minHeight: shown ? 120 : 0 } });
      },
    [containerId, exported],
  );
  return { exportAccount: runAsync, isExported, isExporting: isPending, error, ExportAccountComponent };
}

function createFlag() {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: boolean) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
