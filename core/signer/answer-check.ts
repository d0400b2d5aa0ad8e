// Development builds only: the signer client and the key-management client check each answer
// against the wire contract (wire/responses.ts, wire/operations.ts, wire/errors.ts) and warn when one does not fit — a server older or newer
// than this kit, or a proxy in between answering for it. Its callers sit behind
// `process.env.NODE_ENV !== "production"`, so production builds drop them, this module and the
// schema library with it (`npm run size` fails if arktype reaches a production bundle). Fields the
// contract does not name are not reported: a newer server may add some.
import { type } from "arktype";
import { responses } from "../../wire/responses";
import { operations } from "../../wire/operations";
import { errorBody } from "../../wire/errors";
import type { RouteContracts } from "../../wire/contract";

/** Why an answer of `route` is outside its contract in `contracts`, or null (also for routes the wire does not know: a method's own). */
export function answerOffContract(route: string, status: number, text: string, contracts: RouteContracts = responses): string | null {
  const contract = contracts[route];
  if (!contract) return null;
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    return "the answer is not JSON";
  }
  if (status < 400) {
    const out = contract.response(body);
    return out instanceof type.errors ? out.summary : null;
  }
  const out = errorBody(body);
  if (out instanceof type.errors) return `error body: ${out.summary}`;
  return contract.errors.includes(out.code) ? null : `error code ${out.code} is not one this route answers`;
}

/** Warns on the console when an answer is outside its route's contract. */
export function warnOffContract(route: string, status: number, text: string): void {
  const problem = answerOffContract(route, status, text);
  if (problem) console.warn(`[latch] the signer's ${route} answered ${status} outside the wire contract (${problem}); the kit may misread it`);
}

/** Warns on the console when an answer of a key-management operation (`query/whoami`, …) is outside its contract. */
export function warnOperationOffContract(operation: string, status: number, text: string): void {
  const problem = answerOffContract(operation, status, text, operations);
  if (problem) console.warn(`[latch] the key-management operation ${operation} answered ${status} outside the wire contract (${problem}); the kit may misread it`);
}
