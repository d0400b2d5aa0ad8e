import { escapeHtml, safeHref } from "../dev/html";
import type { OutgoingMessage } from "./types";
import { fill, templateFor, type MessageTemplates, type TemplateValues } from "./messageTemplates";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const when = (epochMs: number) => new Date(epochMs).toUTCString().replace(" GMT", " UTC");

function minutesLeft(message: OutgoingMessage, now: number): number {
  return Math.max(1, Math.round((message.expiresAt - now) / 60_000));
}

/** The facts every message states: who asked, and when the code or link stops working. */
function facts(message: OutgoingMessage, now: number): string[] {
  return [
    message.requestedBy ? `Requested by ${message.requestedBy} on ${when(now)}.` : `Requested on ${when(now)}.`,
    `It expires on ${when(message.expiresAt)} (in ${minutesLeft(message, now)} minutes).`,
    "If you did not ask for it, ignore this email: nobody can sign in without it.",
  ];
}

function valuesOf(message: OutgoingMessage, now: number): TemplateValues {
  return {
    appName: message.appName ?? "Latch",
    code: message.code ?? "",
    link: message.link ?? "",
    to: message.to,
    minutes: String(minutesLeft(message, now)),
    expiresAt: when(message.expiresAt),
    requestedBy: message.requestedBy ?? "",
  };
}

/**
 * A plain, accessible email: the code or the link first, then who asked and when it expires; each
 * part the operator's template for the message's kind and locale gives replaces the built-in one.
 */
export function renderEmail(message: OutgoingMessage, now: number, templates?: MessageTemplates): RenderedEmail {
  const builtIn = builtInEmail(message, now);
  const template = message.kind ? templateFor(templates, message.kind, message.acceptLanguage) : {};
  const values = valuesOf(message, now);
  return {
    subject: template.subject === undefined ? builtIn.subject : fill(template.subject, values),
    text: template.text === undefined ? builtIn.text : fill(template.text, values),
    html: template.html === undefined ? builtIn.html : fill(template.html, values, true),
  };
}

function builtInEmail(message: OutgoingMessage, now: number): RenderedEmail {
  const lines = facts(message, now);
  const lead = message.code !== null ? `Your code is ${message.code}` : "Open this link to sign in:";
  const text = [lead, ...(message.link !== null ? [message.link] : []), "", ...lines].join("\n");
  const href = message.link === null ? null : safeHref(message.link);
  const main =
    message.code !== null
      ? `<p>Your code is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px;font-family:monospace">${escapeHtml(message.code)}</p>`
      : `<p><a href="${escapeHtml(href ?? "")}" style="font-size:18px">Sign in</a></p><p>Or copy this address into your browser:<br>${escapeHtml(message.link ?? "")}</p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#111;background:#fff;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(message.subject)}</h1>
${main}
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
</body></html>`;
  return { subject: message.subject, text, html };
}

/** The SMS text: short, the code first (or the operator's template for its kind and locale). */
export function renderSms(message: OutgoingMessage, now: number, templates?: MessageTemplates): string {
  const template = message.kind ? templateFor(templates, message.kind, message.acceptLanguage) : {};
  if (template.sms !== undefined) return fill(template.sms, valuesOf(message, now));
  const by = message.requestedBy ? ` for ${hostOf(message.requestedBy)}` : "";
  return `Your code${by} is ${message.code ?? ""}. It expires in ${minutesLeft(message, now)} minutes. If you did not ask for it, ignore this message.`;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}
