import { useMemo, useState, useSyncExternalStore, type ReactElement } from "react";
import { createElement } from "react";
import {
  DEFAULT_EXPORT_IFRAME_CONTAINER_ID,
  DEFAULT_IMPORT_IFRAME_CONTAINER_ID,
  exportWallet,
  getEmbeddedSigner,
  importWallet,
  type AbortOptions,
  type ExportParams,
  type ImportWalletParameters,
} from "latch-kit";
import { useKit } from "../context";
import { useAction } from "./useAction";

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
  return {
    /** Shows the secret in the export frame; returns the promise of it. */
    exportAccount: runAsync,
    isExported,
    isExporting: isPending,
    error,
    /** The element the export frame goes in: render it where the secret should show. */
    ExportAccountComponent,
  };
}

/**
 * Wallet import: place `<ImportWalletComponent />` where the import form should appear, then call
 * `importWallet()`. The import frame shows its form there; the user types the recovery phrase into
 * it (the app never sees the phrase), and the promise resolves with the new wallet's id and
 * addresses once the backend has stored it. The frame is removed when the promise settles.
 *
 * @example
 * const { importWallet, isImporting, importedWallet, ImportWalletComponent } = useImportWallet({ walletName: "Savings" });
 * return <><button onClick={() => importWallet()}>Import</button><ImportWalletComponent /></>;
 */
export function useImportWallet(params: Omit<ImportWalletParameters, "signal"> = {}) {
  const kit = useKit();
  const [open] = useState(createFlag);
  const { runAsync, isPending, error, data } = useAction(async (options: AbortOptions = {}) => {
    open.set(true);
    try {
      return await importWallet(kit, { ...params, ...options });
    } finally {
      open.set(false);
    }
  });
  const containerId = params.iframeContainerId ?? DEFAULT_IMPORT_IFRAME_CONTAINER_ID;
  const ImportWalletComponent = useMemo(
    () =>
      function ImportWalletComponent(props: { className?: string; hidden?: boolean }): ReactElement {
        const shown = useSyncExternalStore(open.subscribe, open.get, open.get);
        return createElement("div", { id: containerId, className: props.className, hidden: props.hidden ?? !shown });
      },
    [containerId, open],
  );
  return {
    /** Mounts the import frame and resolves with `{ walletId, addresses }` once the user has imported; takes `{ signal }`. */
    importWallet: runAsync,
    isImporting: isPending,
    /** The last import's `{ walletId, addresses }`. */
    importedWallet: data,
    error,
    /** The element the import frame goes in: render it where the form should show. */
    ImportWalletComponent,
  };
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
