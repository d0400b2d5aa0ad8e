// Warms a Vite dev server before `npm start` says 'ready': requests the page's entry and every module
// it imports, as a browser's first load would, so Vite has bundled the dependencies and transformed
// the sources by then and the first page load is fast.

// Import specifiers Vite writes into served modules, and the module scripts of its served pages:
// absolute paths on the dev server.
const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\/[^"']+)["']/g;
const SCRIPTS = /<script\b[^>]*\bsrc=["'](\/[^"']+)["']/g;

/** The server-absolute module URLs `code` imports (static and dynamic), or a page's module scripts. */
export function importsOf(code) {
  return [...new Set([...code.matchAll(IMPORTS), ...code.matchAll(SCRIPTS)].map((match) => match[1]))];
}

/**
 * Requests `entries` (pages or modules) on `baseUrl` and, breadth first, every module they import (`concurrency` at a
 * time). Resolves with the modules requested once all have answered; a module that fails is listed
 * in `failed`, not retried (the browser will show Vite's own error).
 */
export async function warmVite(baseUrl, entries, { concurrency = 8, signal } = {}) {
  const seen = new Set(entries);
  const queue = [...entries];
  const failed = [];
  const fetchOne = async (path) => {
    try {
      const response = await fetch(new URL(path, baseUrl), { signal });
      const text = await response.text();
      if (!response.ok) failed.push(path);
      else {
        for (const next of importsOf(text)) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      failed.push(path);
    }
  };
  const worker = async () => {
    while (queue.length > 0) await fetchOne(queue.shift());
  };
  // Workers that find the queue empty stop; the others may refill it, so run rounds until it stays empty.
  while (queue.length > 0) await Promise.all(Array.from({ length: concurrency }, worker));
  return { modules: [...seen], failed };
}
