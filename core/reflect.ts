// tsyringe checks for the Reflect metadata polyfill when it loads. The polyfill sits in a module of
// its own, imported before tsyringe and declared in package.json "sideEffects": bundlers then keep it
// and run it first (Vite 8 runs a package's ES modules before a CommonJS import made in the same file,
// so the import must not share a file with tsyringe's). The export keeps the module a file of its own
// in dist (rollup folds a module holding nothing but an import into its importer).
import "reflect-metadata";

export const hasReflectMetadata = (): boolean => typeof Reflect.getMetadata === "function";
