import type { ServerMethod, ServerPart } from "./engine-contract";

export type {
  ActivityRecorder,
  BodyHandler,
  KeyOperation,
  LinkedProvider,
  LinkedProviderSource,
  ServerMethod,
  ServerPart,
} from "./engine-contract";

/** The methods and their shared parts, each once (by id, first wins), in order: shared parts before the methods using them. */
export function composeMethods(methods: readonly ServerMethod[]): ServerPart[] {
  const parts = new Map<string, ServerPart>();
  for (const method of methods) {
    for (const part of method.uses ?? []) if (!parts.has(part.id)) parts.set(part.id, part);
    if (!parts.has(method.id)) parts.set(method.id, method);
  }
  return [...parts.values()];
}
