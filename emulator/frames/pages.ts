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

export const EXPORT_FRAME_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Latch export frame (local emulator)</title>
<style>${FRAME_STYLE}</style>
</head>
<body>
<p>Wallet export is coming with the export issue.</p>
</body>
</html>`;
