import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** The frame's script, bundled once per process on first use (about a few hundred ms). */
let authFrameScript: Promise<string> | undefined;

export function authFrameBundle(): Promise<string> {
  authFrameScript ??= build({
    entryPoints: [fileURLToPath(new URL("./authFrame.client.ts", import.meta.url))],
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
      authFrameScript = undefined;
      throw error;
    });
  return authFrameScript;
}
