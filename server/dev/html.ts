const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Only http(s) links become clickable; anything else is shown as text. */
export function safeHref(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:820px;margin:2rem auto;padding:0 1rem;color:#222}
.warn{background:#fff4d6;border:1px solid #e8c66a;padding:.5rem .8rem;border-radius:6px}
.msg{border:1px solid #ddd;border-radius:8px;padding:.8rem 1rem;margin:1rem 0}
.meta{color:#666;font-size:13px}
.code{font:600 22px ui-monospace,monospace;letter-spacing:.2em}
pre{white-space:pre-wrap;word-break:break-all;margin:.5rem 0 0}
a{word-break:break-all}
</style>
</head>
<body>
${body}
</body>
</html>`;
}
