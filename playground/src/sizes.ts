// Bundle figures measured at build time by bench/plugin-sizes.mjs (npm start runs it when they are
// missing or older than the sources). Absent until then: the panel says how to make them.

export interface PluginSizes {
  measuredAt: string;
  base: { minBytes: number; gzipBytes: number };
  plugins: Record<string, { minBytes: number; gzipBytes: number }>;
  sharedGroups: Array<{ plugins: string[]; minBytes: number }>;
  gzipPerMinByte: number | null;
  allPlugins: { plugins: string[]; minBytes: number; gzipBytes: number } | null;
  notBuilt: Record<string, string>;
}

// A glob, not an import: the file may not exist yet, and then this is just empty.
const found = import.meta.glob<PluginSizes>("./generated/plugin-sizes.json", { eager: true, import: "default" });
export const pluginSizes: PluginSizes | null = Object.values(found)[0] ?? null;

export interface SizeEstimate {
  baseGzip: number;
  /** What the chosen plugins add together, code they share counted once. */
  pluginsGzip: number;
  totalGzip: number;
  /** Each chosen plugin on its own over the base (its entry's figure). */
  perPlugin: Array<{ id: string; gzipBytes: number | null }>;
  /** Chosen plugins the measurement does not cover (added since it ran). */
  unmeasured: string[];
}

/**
 * Base (core + react) plus the code the chosen plugins pull in beyond it, each shared piece counted
 * once (the measurement groups code by the plugins that use it), converted to gzip bytes at the
 * ratio measured on all plugins together. An estimate: within a few per cent of a real bundle.
 */
export function estimateSize(sizes: PluginSizes, pluginIds: string[]): SizeEstimate {
  const unmeasured = pluginIds.filter((id) => !sizes.plugins[id]);
  const measured = pluginIds.filter((id) => sizes.plugins[id]);
  let pluginsGzip: number;
  if (sizes.gzipPerMinByte !== null && sizes.sharedGroups.length) {
    const minBytes = sizes.sharedGroups.filter((g) => g.plugins.some((p) => measured.includes(p))).reduce((sum, g) => sum + g.minBytes, 0);
    pluginsGzip = Math.round(minBytes * sizes.gzipPerMinByte);
  } else {
    pluginsGzip = measured.reduce((sum, id) => sum + sizes.plugins[id]!.gzipBytes, 0);
  }
  return {
    baseGzip: sizes.base.gzipBytes,
    pluginsGzip,
    totalGzip: sizes.base.gzipBytes + pluginsGzip,
    perPlugin: pluginIds.map((id) => ({ id, gzipBytes: sizes.plugins[id]?.gzipBytes ?? null })),
    unmeasured,
  };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
