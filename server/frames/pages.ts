const FRAME_STYLE = "body{font:14px system-ui,sans-serif;margin:0;padding:8px;color:#444}";

export const AUTH_FRAME_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Latch auth frame (local emulator)</title>
<style>${FRAME_STYLE}</style>
</head>
<body>
<p>Latch auth frame: local emulator, development only.</p>
<script src="/frames/auth.js"></script>
</body>
</html>`;

/** The export frame page, with the emulator's export-signing key baked in (the frame trusts no other). */
export function exportFrameHtml(signingKeyHex: string): string {
  if (!/^04[0-9a-f]{128}$/.test(signingKeyHex)) throw new Error("export signing key must be an uncompressed P-256 key in hex");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="latch-export-signing-key" content="${signingKeyHex}">
<title>Latch export frame (local emulator)</title>
<style>${FRAME_STYLE}#export-secret{font:15px/1.5 ui-monospace,monospace;word-break:break-word;white-space:pre-wrap;margin:4px 0 0;color:#111}</style>
</head>
<body>
<p id="export-waiting">Latch export frame: local emulator, development only.</p>
<p id="export-label"></p>
<p id="export-secret" hidden></p>
<script src="/frames/export.js"></script>
</body>
</html>`;
}
