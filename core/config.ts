import { DEFAULTS } from "./constants";
import { assertValid, kitSchemaWith } from "./config-schema";
import type { KitConfig, LatchPlugin, ResolvedKitConfig } from "./kit-contract";

export type { KitConfig, ResolvedKitConfig, ResolvedUiConfig, UiAuthConfig, UiConfig } from "./kit-contract";

/** Validates a kit config (refusing it with a message naming the field) and applies the defaults. */
export function resolveKitConfig(config: KitConfig): ResolvedKitConfig {
  // Schema checks run in development builds; production builds drop them and arktype with them.
  if (process.env.NODE_ENV !== "production") assertValid(kitSchemaWith(signerMethodOptions(config.plugins ?? [])), config, "");
  const ui = config.ui ?? {};
  return {
    plugins: config.plugins ?? [],
    signer: config.signer ?? {},
    ui: {
      ...ui,
      uiMode: ui.uiMode ?? DEFAULTS.uiMode,
      illustrationStyle: ui.illustrationStyle ?? "outline",
    },
  };
}

/** The signer keys the plugins (and the plugins they bring along) declare for their methods. */
function signerMethodOptions(plugins: readonly LatchPlugin[]): Record<string, string> {
  const options: Record<string, string> = {};
  const visit = (plugin: LatchPlugin) => {
    for (const required of plugin.requires ?? []) visit(required);
    Object.assign(options, plugin.signerOptions);
  };
  plugins.forEach(visit);
  return options;
}
