/**
 * The import frame (browser code, bundled by esbuild when the emulator serves it). The parent
 * injects an import bundle (INJECT_IMPORT_BUNDLE): its signature is checked against the key the
 * server baked into this page, and its organisation and user against the parent's. The user then
 * types the recovery phrase into this frame's own form; the frame checks it (BIP-39 words and
 * checksum), seals it to the bundle's target key (HPKE, info "turnkey_hpke", AAD = encapsulated key
 * ‖ target key) and answers the parent's pending EXTRACT_WALLET_ENCRYPTED_BUNDLE with the sealed
 * bundle. The phrase itself never leaves the frame.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { hex } from "@scure/base";
import { validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { serveFrameMessages, type FrameMessage } from "./channel.client";
import { readSignedBundle } from "./signedBundle.client";
import { IMPORT_FRAME_TEXT as TEXT } from "./importStrings";

const HPKE_INFO = new TextEncoder().encode("turnkey_hpke");
const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** The target key of the injected import bundle (uncompressed hex). */
let target: string | null = null;
/** A sealed phrase the parent has not asked for yet, or the parent's request waiting for one. */
let sealed: string | null = null;
let waiting: ((bundle: string) => void) | null = null;

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function injectImportBundle(message: FrameMessage): void {
  const inner = readSignedBundle<{ organizationId?: unknown; userId?: unknown; targetPublic?: unknown }>(message.value, "import bundle");
  if (typeof message.organizationId !== "string" || inner.organizationId !== message.organizationId) {
    throw new Error(`import bundle is for organization ${String(inner.organizationId)}, not ${String(message.organizationId)}`);
  }
  if (typeof message.userId !== "string" || inner.userId !== message.userId) throw new Error(`import bundle is for user ${String(inner.userId)}, not ${String(message.userId)}`);
  if (typeof inner.targetPublic !== "string" || !/^04[0-9a-f]{128}$/.test(inner.targetPublic)) throw new Error("import bundle names no target key");
  target = inner.targetPublic;
  sealed = null;
  element("import-waiting").hidden = true;
  element("import-form").hidden = false;
  element<HTMLTextAreaElement>("import-phrase").focus();
}

async function seal(phrase: string, targetPublic: string): Promise<string> {
  const receiver = hex.decode(targetPublic);
  const recipientPublicKey = await suite.kem.importKey("raw", receiver.slice().buffer, true);
  const sender = await suite.createSenderContext({ recipientPublicKey, info: HPKE_INFO.slice().buffer });
  const enc = new Uint8Array(sender.enc);
  const aad = new Uint8Array(enc.length + receiver.length);
  aad.set(enc, 0);
  aad.set(receiver, enc.length);
  const plaintext = new TextEncoder().encode(phrase);
  const ciphertext = new Uint8Array(await sender.seal(plaintext.buffer, aad.buffer));
  plaintext.fill(0);
  return JSON.stringify({ encappedPublic: hex.encode(enc), ciphertext: hex.encode(ciphertext), targetPublic });
}

function showError(text: string): void {
  const error = element("import-error");
  error.textContent = text;
  error.hidden = !text;
}

async function submit(): Promise<void> {
  if (!target) return;
  const field = element<HTMLTextAreaElement>("import-phrase");
  const phrase = field.value.trim().toLowerCase().split(/\s+/).join(" ");
  if (!phrase) return showError(TEXT.empty);
  if (!validateMnemonic(phrase, wordlist)) return showError(TEXT.invalid);
  showError("");
  const bundle = await seal(phrase, target);
  field.value = "";
  field.disabled = true;
  element<HTMLButtonElement>("import-submit").disabled = true;
  element("import-status").textContent = TEXT.sending;
  target = null;
  if (waiting) {
    waiting(bundle);
    waiting = null;
  } else {
    sealed = bundle;
  }
}

/** Answers once the user has submitted a valid phrase (at once if they already have). */
function extractWalletEncryptedBundle(): Promise<string> {
  if (sealed) {
    const bundle = sealed;
    sealed = null;
    return Promise.resolve(bundle);
  }
  if (!target) return Promise.reject(new Error("no import bundle was injected"));
  return new Promise((resolve) => {
    waiting = resolve;
  });
}

async function handle(message: FrameMessage): Promise<[string, unknown]> {
  switch (message.type) {
    case "INJECT_IMPORT_BUNDLE":
      injectImportBundle(message);
      return ["BUNDLE_INJECTED", true];
    case "EXTRACT_WALLET_ENCRYPTED_BUNDLE":
      return ["ENCRYPTED_BUNDLE_EXTRACTED", await extractWalletEncryptedBundle()];
    case "APPLY_SETTINGS":
      return ["SETTINGS_APPLIED", true];
    default:
      throw new Error(`the emulator's import frame does not handle ${String(message.type)}`);
  }
}

const submitted = () => void submit().catch((error: unknown) => showError(String(error)));
element("import-submit").addEventListener("click", submitted);
// Enter in the field submits too (words are separated by spaces, never by new lines).
element("import-phrase").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    submitted();
  }
});
// The stamper waits for a PUBLIC_KEY_READY before its first request; this frame has no key of its own to announce.
serveFrameMessages(handle, Promise.resolve(""));
