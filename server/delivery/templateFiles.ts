import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { MESSAGE_KINDS, unknownPlaceholders, type MessageKind, type MessageTemplate, type MessageTemplates } from "./messageTemplates";

/** File name → part: `<kind>.subject.txt`, `<kind>.txt` (email text), `<kind>.html`, `<kind>.sms.txt`. */
const PARTS: Array<[suffix: string, part: keyof MessageTemplate]> = [
  [".subject.txt", "subject"],
  [".sms.txt", "sms"],
  [".txt", "text"],
  [".html", "html"],
];

/**
 * Reads LATCH_TEMPLATES_DIR: one folder per locale (`en`, `fr`, `pt-BR`, `default`), in it the parts
 * of each kind's template. Every file that is not one, and every `{{name}}` that is no value, is a
 * problem (all are reported at once).
 */
export function readTemplatesDir(dir: string): { templates: MessageTemplates; problems: string[] } {
  const templates: MessageTemplates = {};
  const problems: string[] = [];
  let locales: string[];
  try {
    locales = readdirSync(dir).filter((entry) => statSync(join(dir, entry)).isDirectory());
  } catch (error) {
    return { templates, problems: [`cannot read ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`] };
  }
  if (locales.length === 0) problems.push(`${dir} has no locale folder (e.g. ${join(dir, "en")})`);
  for (const locale of locales) {
    for (const file of readdirSync(join(dir, locale))) {
      const kind = MESSAGE_KINDS.find((k) => file.startsWith(`${k}.`));
      const part = kind && PARTS.find(([suffix]) => file === `${kind}${suffix}`)?.[1];
      if (!kind || !part) {
        problems.push(`${join(locale, file)}: not a template (expected <kind>.subject.txt, .txt, .html or .sms.txt; kinds ${MESSAGE_KINDS.join(", ")})`);
        continue;
      }
      const text = readFileSync(join(dir, locale, file), "utf8").replace(/\r?\n$/, "");
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0) problems.push(`${join(locale, file)}: unknown {{${unknown.join("}}, {{")}}}`);
      const byKind = (templates[locale] ??= {});
      (byKind[kind as MessageKind] ??= {})[part] = part === "subject" ? text.trim() : text;
    }
  }
  return { templates, problems };
}
