// Operators' own texts for the emails and SMS the server sends: per locale (chosen from the request's
// Accept-Language), per kind of message, each part (subject, text, HTML, SMS) optional. A part a
// template leaves out is the built-in English one (server/delivery/templates.ts).
import { escapeHtml, safeHref } from "../dev/html";

/** What a message is for: its template is chosen by this. */
export type MessageKind = "sign-in-code" | "verification-code" | "sign-in-link";
export const MESSAGE_KINDS: readonly MessageKind[] = ["sign-in-code", "verification-code", "sign-in-link"];

export interface MessageTemplate {
  subject?: string;
  /** The email's text part. */
  text?: string;
  /** The email's HTML part: values are HTML-escaped, `{{link}}` is only ever an http(s) address. */
  html?: string;
  /** The SMS text (sign-in and verification codes). */
  sms?: string;
}

/** Locale (`en`, `fr`, `pt-BR`, or `default` for any other) → kind → template. */
export type MessageTemplates = Record<string, Partial<Record<MessageKind, MessageTemplate>>>;

/** The values a template may name as `{{name}}`. */
export const TEMPLATE_VALUES = ["appName", "code", "link", "to", "minutes", "expiresAt", "requestedBy"] as const;
export type TemplateValues = Record<(typeof TEMPLATE_VALUES)[number], string>;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Names a template uses that are not values (a typo would otherwise reach users as `{{cdoe}}`). */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(TEMPLATE_VALUES as readonly string[]).includes(name));
}

export function fill(template: string, values: TemplateValues, html = false): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = name === "link" && html ? (safeHref(values.link) ?? "") : values[name as keyof TemplateValues];
    return html ? escapeHtml(value) : value;
  });
}

/**
 * The template for a message: the first locale of Accept-Language (by q, then order) the operator
 * wrote one for, exactly or by its language (`fr-CA` → `fr`); else `default`, else `en`.
 */
export function templateFor(templates: MessageTemplates | undefined, kind: MessageKind, acceptLanguage: string | undefined): MessageTemplate {
  if (!templates) return {};
  const wanted = preferredLocales(acceptLanguage);
  const locales = Object.keys(templates);
  const find = (tag: string) => locales.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  for (const tag of wanted) {
    const locale = find(tag) ?? find(tag.split("-")[0]!);
    if (locale && templates[locale]?.[kind]) return templates[locale][kind];
  }
  return templates.default?.[kind] ?? templates.en?.[kind] ?? {};
}

function preferredLocales(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith("q="))?.slice(2) ?? "1");
      return { tag: tag!.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
