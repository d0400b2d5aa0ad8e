import type { InboxMessage } from "../store/messages";
import { escapeHtml, page, safeHref } from "./html";

export function inboxPage(messages: InboxMessage[]): string {
  const items = messages.map((m) => {
    const href = m.link ? safeHref(m.link) : null;
    return `<article class="msg">
<div class="meta">${escapeHtml(m.channel.toUpperCase())} to <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.sentAt)}</div>
<h3>${escapeHtml(m.subject)}</h3>
${m.code ? `<div class="code">${escapeHtml(m.code)}</div>` : ""}
${href ? `<p><a href="${escapeHtml(href)}">Open the sign-in link</a></p>` : ""}
<pre>${escapeHtml(m.text)}</pre>
</article>`;
  });
  return page(
    "Dev inbox · Latch emulator",
    `<h1>Dev inbox</h1>
<p class="warn">Every email and SMS the local emulator sent, newest first. Development only.</p>
<p><a href="/dev/inbox">Refresh</a></p>
${items.length ? items.join("\n") : "<p>No messages yet.</p>"}`,
  );
}

export function indexPage(url: string): string {
  const u = escapeHtml(url);
  return page(
    "Latch emulator",
    `<h1>Latch local emulator</h1>
<p class="warn">A development backend: not for production.</p>
<ul>
<li>Signer API: <code>${u}/signer/v1/&lt;route&gt;</code></li>
<li><a href="/dev/inbox">Dev inbox</a> · <a href="/dev/api/messages">messages JSON</a></li>
<li>Frames: <a href="/frames/auth">/frames/auth</a> · <a href="/frames/export">/frames/export</a> · <a href="/frames/import">/frames/import</a></li>
<li><a href="/health">/health</a></li>
</ul>`,
  );
}
