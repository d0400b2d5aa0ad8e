// A fake provider for unit tests: records every JSON-RPC call (URL, headers, method) and answers from a table.
export interface RecordedCall {
  url: string;
  method: string;
  params: unknown;
  headers: Record<string, string>;
}

export type Answer = unknown | ((params: unknown, url: string) => unknown);

export function fakeProvider(answers: Record<string, Answer> = {}, failures: Record<string, number> = {}) {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // Compare URLs as written: fetch normalises "http://host" to "http://host/".
    const url = String(input).replace(/\/$/, "");
    const headers = Object.fromEntries(
      [...new Headers(init?.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
    );
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown };
    calls.push({ url, method: body.method, params: body.params, headers });
    if ((failures[url] ?? 0) > 0) {
      failures[url] = (failures[url] ?? 0) - 1;
      return new Response("unavailable", { status: 503 });
    }
    const answer = answers[body.method];
    if (answer === undefined) {
      return Response.json({ jsonrpc: "2.0", id: body.id, error: { code: -32601, message: `no ${body.method}` } });
    }
    const result = typeof answer === "function" ? (answer as (params: unknown, url: string) => unknown)(body.params, url) : answer;
    return Response.json({ jsonrpc: "2.0", id: body.id, result });
  };
  return { calls, fetchFn };
}
