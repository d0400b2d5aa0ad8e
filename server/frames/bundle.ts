import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** Frame scripts, each bundled once per process on first use (about a few hundred ms). */
const scripts = new Map<string, Promise<string>>();

function frameBundle(entry: string): Promise<string> {
  let script = scripts.get(entry);
  if (!script) {
    script = build({
      entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
      bundle: true,
      write: false,
      format: "iife",
      platform: "browser",
      target: "es2022",
      minify: true,
      legalComments: "none",
    })
      .then((result) => result.outputFiles[0]!.text)
      .catch((error: unknown) => {
        scripts.delete(entry);
        throw error;
      });
    scripts.set(entry, script);
  }
  return script;
}

export const authFrameBundle = (): Promise<string> => frameBundle("./authFrame.client.ts");
export const exportFrameBundle = (): Promise<string> => frameBundle("./exportFrame.client.ts");
export const importFrameBundle = (): Promise<string> => frameBundle("./importFrame.client.ts");
