import { IframeStamper } from "@turnkey/iframe-stamper";
import { untilAborted, type AbortOptions } from "../abort";
import { DEFAULT_IMPORT_IFRAME_CONTAINER_ID, DEFAULT_IMPORT_IFRAME_ELEMENT_ID } from "../constants";
import { LatchError } from "../errors";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/service";
import { initFrameWithin } from "../signer/frame-stamper";
import { WALLET_IMPORT_TEXTS as TEXTS } from "./walletImportTexts";

/** An account to derive, as the key-management API names one (`m/44'/60'/0'/0/0`, `ADDRESS_FORMAT_ETHEREUM`, …). */
export interface WalletAccountParams {
  curve: "CURVE_SECP256K1" | "CURVE_ED25519";
  pathFormat: "PATH_FORMAT_BIP32";
  /** A BIP-32 path; for {@link createWalletAccounts} it may be left out: the wallet's next account of that kind. */
  path: string;
  addressFormat: "ADDRESS_FORMAT_ETHEREUM" | "ADDRESS_FORMAT_SOLANA";
}

/** The accounts an import derives unless told otherwise: the first EVM and the first Solana account. */
export const DEFAULT_IMPORT_ACCOUNTS: readonly WalletAccountParams[] = [
  { curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", path: "m/44'/60'/0'/0/0", addressFormat: "ADDRESS_FORMAT_ETHEREUM" },
  { curve: "CURVE_ED25519", pathFormat: "PATH_FORMAT_BIP32", path: "m/44'/501'/0'/0'", addressFormat: "ADDRESS_FORMAT_SOLANA" },
];

/** Where the import frame goes, what to call the wallet and which accounts to derive. */
export interface ImportWalletParameters extends AbortOptions {
  /** The element the app renders for the frame (default `turnkey-import-iframe-container`). */
  iframeContainerId?: string;
  iframeElementId?: string;
  /** Default "Imported wallet". */
  walletName?: string;
  /** Default {@link DEFAULT_IMPORT_ACCOUNTS}. */
  accounts?: readonly WalletAccountParams[];
}

/** The imported wallet's id and the addresses of its accounts, in the order asked for. */
export interface ImportWalletReturnType {
  walletId: string;
  addresses: string[];
}

/**
 * Imports a wallet from its recovery phrase: mounts the import frame in the app's container,
 * gives it an import bundle from the backend (`ACTIVITY_TYPE_INIT_IMPORT_WALLET`), and waits for the
 * user to type the phrase into the frame and press Import there. The frame seals the phrase to the
 * backend's key, so the app never sees it; the backend stores the wallet
 * (`ACTIVITY_TYPE_IMPORT_WALLET`) and derives the accounts. The frame is removed when the promise
 * settles, which it does on every path (aborting the signal included).
 *
 * @example
 * // <div id="turnkey-import-iframe-container" /> is in the page
 * const { walletId, addresses } = await importWallet(kit, { walletName: "Savings" });
 * await signer.signRawPayload({ payload: hashMessage("hi"), signWith: addresses[0] });
 */
export async function importWallet(kit: Kit, params: ImportWalletParameters = {}): Promise<ImportWalletReturnType> {
  const { signal } = params;
  signal?.throwIfAborted();
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  const containerId = params.iframeContainerId ?? DEFAULT_IMPORT_IFRAME_CONTAINER_ID;
  const container = typeof document === "undefined" ? null : document.getElementById(containerId);
  if (!container) throw new LatchError(TEXTS.noContainer(containerId));
  const elementId = params.iframeElementId ?? DEFAULT_IMPORT_IFRAME_ELEMENT_ID;
  document.getElementById(elementId)?.remove();
  const frame = new IframeStamper({ iframeUrl: signer.config.importFrameUrl, iframeContainer: container, iframeElementId: elementId });
  frame.iframe.style.cssText = "width:100%;height:280px;border:0";
  try {
    const ms = signer.config.frameInitTimeoutMs;
    await untilAborted(initFrameWithin(frame, ms, TEXTS.frameTimeout(ms)), signal);
    const initiated = await signer.keyManagement.submitActivity(
      "init_import_wallet",
      { type: "ACTIVITY_TYPE_INIT_IMPORT_WALLET", timestampMs: signer.nextTimestampMs(), organizationId: user.orgId, parameters: { userId: user.userId } },
      { signal },
    );
    const importBundle = initiated.result.initImportWalletResult?.importBundle;
    if (typeof importBundle !== "string") throw new LatchError(TEXTS.injectFailed);
    try {
      if (!(await untilAborted(frame.injectImportBundle(importBundle, user.orgId, user.userId), signal))) throw new LatchError(TEXTS.injectFailed);
    } catch (error) {
      if (signal?.aborted || error instanceof LatchError) throw error;
      throw new LatchError(TEXTS.injectFailed, { cause: error });
    }
    // Answers once the user has submitted a valid phrase in the frame.
    const encryptedBundle = await untilAborted(frame.extractWalletEncryptedBundle(), signal);
    const imported = await signer.keyManagement.submitActivity(
      "import_wallet",
      {
        type: "ACTIVITY_TYPE_IMPORT_WALLET",
        timestampMs: signer.nextTimestampMs(),
        organizationId: user.orgId,
        parameters: { userId: user.userId, walletName: params.walletName ?? TEXTS.walletName, encryptedBundle, accounts: [...(params.accounts ?? DEFAULT_IMPORT_ACCOUNTS)] },
      },
      { signal },
    );
    const result = imported.result.importWalletResult;
    if (typeof result?.walletId !== "string" || !Array.isArray(result.addresses)) throw new LatchError(TEXTS.noResult);
    return { walletId: result.walletId, addresses: result.addresses };
  } finally {
    frame.clear();
  }
}
