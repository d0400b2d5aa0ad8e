// The code an app developer writes for a configuration: the same description the live kit is built from.
import type { KitDescription } from "./methods";

/** A value as TypeScript source: identifiers unquoted, strings double-quoted, short objects on one line. */
function print(value: unknown, indent: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((v) => print(v, inner));
    const flat = `[${items.join(", ")}]`;
    return flat.length <= 72 && !flat.includes("\n") ? flat : `[\n${items.map((i) => `${inner}${i},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${print(v, inner)}`);
  if (entries.length === 0) return "{}";
  const flat = `{ ${entries.join(", ")} }`;
  return flat.length <= 72 && !flat.includes("\n") ? flat : `{\n${entries.map((e) => `${inner}${e},`).join("\n")}\n${indent}}`;
}

/** `plugins: [a(), b()],` on one line when short, one plugin a line otherwise. */
function plugins(calls: string[]): string {
  const flat = `  plugins: [${calls.join(", ")}],`;
  return flat.length <= 80 ? flat : `  plugins: [\n${calls.map((c) => `    ${c},`).join("\n")}\n  ],`;
}

export function kitSnippet(description: KitDescription): string {
  const embedded = description.ui.uiMode === "embedded";
  const lines: string[] = [];
  lines.push(`import { createKit } from "latch-kit";`);
  lines.push(`import { ${embedded ? "AuthCard, LatchProvider" : "LatchProvider, useAuthModal"} } from "latch-kit/react";`);
  for (const plugin of description.plugins) lines.push(`import { ${plugin.factory} } from "${plugin.from}";`);
  const preambles = description.plugins.flatMap((p) => (p.preamble ? [p.preamble] : []));
  // One import line per module: the names several plugins need from it, merged.
  const fromModule = new Map<string, Set<string>>();
  for (const line of preambles.flatMap((p) => p.imports)) {
    const [, names, from] = /^import \{ (.*) \} from "(.*)";$/.exec(line) ?? [];
    if (!names || !from) continue;
    const set = fromModule.get(from) ?? new Set<string>();
    names.split(", ").forEach((n) => set.add(n));
    fromModule.set(from, set);
  }
  for (const [from, names] of fromModule) lines.push(`import { ${[...names].sort().join(", ")} } from "${from}";`);
  const extra = preambles.flatMap((p) => p.lines);
  if (extra.length) lines.push("", ...extra);
  lines.push("");

  const ui: Record<string, unknown> = { ...description.ui };
  const auth: Record<string, unknown> = { sections: description.sections, ...description.auth };
  const body = [
    plugins(description.plugins.map((p) => `${p.factory}(${p.argsSource ?? ""})`)),
    `  // The local emulator (npm start); without these URLs the kit uses the hosted service.`,
    `  signer: ${print(description.signer, "  ")},`,
    `  ui: {`,
    ...Object.entries(ui).map(([k, v]) => `    ${k}: ${print(v, "    ")},`),
    `    auth: ${print(auth, "    ")},`,
    `    onAuthSuccess: (user) => console.log("signed in", user),`,
    `  },`,
  ];
  lines.push("const kit = createKit({", ...body, "});", "");

  if (embedded) {
    lines.push(
      "// uiMode embedded: the sign-in card sits in your page.",
      "export const App = () => (",
      "  <LatchProvider kit={kit}>",
      "    <AuthCard />",
      "  </LatchProvider>",
      ");",
    );
  } else {
    lines.push(
      "function SignInButton() {",
      "  const { openAuthModal } = useAuthModal();",
      "  return <button onClick={openAuthModal}>Sign in</button>;",
      "}",
      "",
      "export const App = () => (",
      "  <LatchProvider kit={kit}>",
      "    <SignInButton />",
      "  </LatchProvider>",
      ");",
    );
  }
  return `${lines.join("\n")}\n`;
}
