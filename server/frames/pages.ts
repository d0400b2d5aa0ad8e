import { IMPORT_FRAME_TEXT as TEXT } from "./importStrings";

// Scripts are named relative to the page (`auth.js` beside `/frames/auth`): a server mounted under a
// path (`https://example.com/latch/frames/auth`) serves them under that path too.
const FRAME_STYLE = "body{font:14px system-ui,sans-serif;margin:0;padding:8px;color:#444}";

/** The meta tag that carries the server's custody key: the frame seals the shares it uploads to it, and to no key the page names. */
export const CUSTODY_KEY_META = "latch-custody-key";

/** The auth frame page, with the server's custody key baked in (split custody's uploads are sealed to it). */
export function authFrameHtml(custodyKeyHex: string): string {
  if (!/^04[0-9a-f]{128}$/.test(custodyKeyHex)) throw new Error("the custody key must be an uncompressed P-256 key in hex");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="${CUSTODY_KEY_META}" content="${custodyKeyHex}">
<title>Latch auth frame (local emulator)</title>
<style>${FRAME_STYLE}</style>
</head>
<body>
<p>Latch auth frame: local emulator, development only.</p>
<script src="auth.js"></script>
</body>
</html>`;
}

/** A frame page that checks signed bundles: the emulator's signing key baked in (the frame trusts no other). */
function signedBundleFramePage(page: { signingKeyHex: string; title: string; style: string; body: string; script: string }): string {
  if (!/^04[0-9a-f]{128}$/.test(page.signingKeyHex)) throw new Error("export signing key must be an uncompressed P-256 key in hex");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="latch-export-signing-key" content="${page.signingKeyHex}">
<title>${page.title}</title>
<style>${FRAME_STYLE}${page.style}</style>
</head>
<body>
${page.body}
<script src="${page.script}"></script>
</body>
</html>`;
}

/** The export frame page, with the emulator's export-signing key baked in (the frame trusts no other). */
export function exportFrameHtml(signingKeyHex: string): string {
  return signedBundleFramePage({
    signingKeyHex,
    title: "Latch export frame (local emulator)",
    style: "#export-secret{font:15px/1.5 ui-monospace,monospace;word-break:break-word;white-space:pre-wrap;margin:4px 0 0;color:#111}",
    body: `<p id="export-waiting">Latch export frame: local emulator, development only.</p>
<p id="export-label"></p>
<p id="export-secret" hidden></p>`,
    script: "export.js",
  });
}

/**
 * The import frame page: the same signing key baked in (import bundles are signed like export
 * bundles), and the field the user types the recovery phrase into (no <form>: the stamper's sandbox
 * does not allow form submission). Its texts come from IMPORT_FRAME_TEXT.
 */
export function importFrameHtml(signingKeyHex: string): string {
  return signedBundleFramePage({
    signingKeyHex,
    title: TEXT.title,
    style: `#import-form{display:flex;flex-direction:column;gap:6px}#import-form[hidden]{display:none}label{font-weight:600;color:#111}
textarea{font:15px/1.5 ui-monospace,monospace;padding:6px;border:1px solid #bbb;border-radius:6px;resize:vertical}
button{align-self:flex-start;font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #333;background:#111;color:#fff;cursor:pointer}
button:disabled{opacity:.5;cursor:default}#import-error{color:#b00020;margin:0}#import-hint{margin:0}`,
    body: `<p id="import-waiting">${TEXT.waiting}</p>
<div id="import-form" hidden>
<label for="import-phrase">${TEXT.label}</label>
<textarea id="import-phrase" rows="3" autocomplete="off" autocapitalize="none" autocorrect="off" spellcheck="false" aria-describedby="import-hint import-error"></textarea>
<p id="import-hint">${TEXT.hint}</p>
<p id="import-error" role="alert" hidden></p>
<button id="import-submit" type="button">${TEXT.submit}</button>
<p id="import-status" role="status"></p>
</div>`,
    script: "import.js",
  });
}
