// Wallet export: the secret is only ever shown inside the export frame.
import { IframeStamper, KeyFormat } from "@turnkey/iframe-stamper";
import { DEFAULT_EXPORT_IFRAME_CONTAINER_ID, DEFAULT_EXPORT_IFRAME_ELEMENT_ID } from "../constants";
import { LatchError, NotLoggedInError, PermissionDeniedError, StepUpRequiredError, UserCancelledError } from "../errors";
import { isAbortError, untilAborted } from "../abort";
import type { EmbeddedSigner } from "./signer";
import { isTimeoutError } from "./transport";
import { DeviceShareMissingError } from "./custody-contract";

/** Where the export frame goes: its container and frame element ids. */
export interface ExportParams {
  iframeContainerId?: string;
  iframeElementId?: string;
  /** Aborting rejects at once with the signal's reason and stops the export's requests and polling. */
  signal?: AbortSignal;
  /** The wallet whose seed phrase to show (an imported one, from `listWallets`); default the user's default wallet. */
  walletId?: string;
  /** The account whose private key to show, for sessions that export keys (passkeys); default the user's address. */
  address?: string;
}

/**
 * Exports the wallet into the export frame: the seed phrase when the session stamps with the
 * auth frame or the wallet is in split custody, the private key otherwise (passkey sessions). The
 * bundle is sealed to the export frame's own key, so the app never sees the secret; a split
 * wallet's bundle carries the auth share, which the export frame joins with this device's share.
 */
export async function exportWallet(signer: EmbeddedSigner, params: ExportParams = {}): Promise<boolean> {
  const user = signer.user;
  if (!user || user.type !== "sca") throw new NotLoggedInError();
  const container = document.getElementById(params.iframeContainerId ?? DEFAULT_EXPORT_IFRAME_CONTAINER_ID);
  if (!container) throw new LatchError(`No element with id "${params.iframeContainerId ?? DEFAULT_EXPORT_IFRAME_CONTAINER_ID}" to hold the export frame`);
  const elementId = params.iframeElementId ?? DEFAULT_EXPORT_IFRAME_ELEMENT_ID;
  document.getElementById(elementId)?.remove();
  // A split wallet this device holds no share of cannot be shown here: say so before asking for a step-up.
  if (user.custody === "split" && signer.custody.status?.deviceShare === false) {
    const { CUSTODY_TEXT } = await import("./custody-texts");
    throw new DeviceShareMissingError(CUSTODY_TEXT.noDeviceShare);
  }
  const frame = new IframeStamper({ iframeUrl: signer.config.exportFrameUrl, iframeContainer: container, iframeElementId: elementId });
  const { signal } = params;
  const targetPublicKey = await untilAborted(frame.init(), signal);
  try {
    // Export needs a fresh proof beside the session (step-up): the kit asks for it, then exports.
    await signer.stepUp(() => exportInto(signer, frame, targetPublicKey, params), signal ? { signal } : {});
    return true;
  } catch (error) {
    // A refusal (a sign-only session: sign in again; a step-up not given) says why; it is no failed injection.
    const refused = error instanceof PermissionDeniedError || error instanceof StepUpRequiredError || error instanceof UserCancelledError;
    if (isAbortError(error) || isTimeoutError(error) || refused) throw error;
    if (error instanceof LatchError && /export bundle|Could not find wallet/.test(error.message)) throw error;
    // A split wallet's export frame holds no (current) device share here: recover first.
    if (/DEVICE_SHARE_MISSING|older split/.test(String(error))) {
      const { CUSTODY_TEXT } = await import("./custody-texts");
      throw new DeviceShareMissingError(CUSTODY_TEXT.noDeviceShare, { cause: error });
    }
    throw new LatchError("Failed to inject wallet export bundle", { cause: error });
  }
}

/** One export request (a fresh stamp each time) and the bundle injected into the frame. */
async function exportInto(signer: EmbeddedSigner, frame: IframeStamper, targetPublicKey: string, params: ExportParams): Promise<void> {
  const user = signer.requireUser();
  const { signal } = params;
  const timestampMs = signer.nextTimestampMs();
  // A split wallet always exports its phrase: the export frame rebuilds it from the auth share and this device's share.
  if (signer.stampsWithFrame || user.custody === "split") {
    const walletId =
      params.walletId ??
      (await signer.keyManagement.request("query/list_wallets", { organizationId: user.orgId }, { signal })).wallets[0]
        ?.walletId;
    if (!walletId) throw new LatchError(`Could not find wallet associated with ${user.address}`);
    const activity = await signer.keyManagement.submitActivity("export_wallet", {
      type: "ACTIVITY_TYPE_EXPORT_WALLET",
      timestampMs,
      organizationId: user.orgId,
      parameters: { walletId, targetPublicKey },
    }, { signal });
    // Typed by the wire contract; read defensively all the same (a server outside it is refused with a clear error, not a crash).
    const bundle = activity.result.exportWalletResult?.exportBundle;
    if (!bundle || !(await frame.injectWalletExportBundle(bundle, user.orgId))) throw new LatchError("Failed to inject wallet export bundle");
  } else {
    const activity = await signer.keyManagement.submitActivity("export_wallet_account", {
      type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT",
      timestampMs,
      organizationId: user.orgId,
      parameters: { address: params.address ?? user.address, targetPublicKey },
    }, { signal });
    const bundle = activity.result.exportWalletAccountResult?.exportBundle;
    if (!bundle || !(await frame.injectKeyExportBundle(bundle, user.orgId, KeyFormat.Hexadecimal))) {
      throw new LatchError("Failed to inject wallet export bundle");
    }
  }
}
