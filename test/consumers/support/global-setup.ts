import type { TestProject } from "vitest/node";
import { buildAndPack } from "./package";

declare module "vitest" {
  export interface ProvidedContext {
    latchTarball: string;
  }
}

/** Builds and packs the package once for every consumer app of the run. */
export default async function setup(project: TestProject) {
  project.provide("latchTarball", await buildAndPack());
}
