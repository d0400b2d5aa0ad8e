// Checks the server's own answers against the wire contract (wire/responses.ts, wire/errors.ts, and
// the contracts methods bring): a success must match its route's response schema, with no field the
// schema does not name; an error must be the error body with a code its route lists. On in the
// tests (a drifted answer becomes a 500 the test sees) and in the dev CLI (a warning); off by default
// elsewhere, so the production profile and benchmarks pay nothing.
import type { ExchangeMiddleware } from "./exchange/exchange";
import { type, type Type } from "arktype";
import { errorBody } from "../wire/errors";
import type { RouteContract, RouteContracts } from "../wire/contract";
import { ApiError } from "./errors";

/** An answer that left its route's contract. */
export interface AnswerDrift {
  route: string;
  status: number;
  /** What is wrong, as the schema says it. */
  problem: string;
  body: unknown;
}

/**
 * `true`: a drifted answer is replaced by a 500 `ANSWER_OUT_OF_CONTRACT` naming the drift (tests);
 * a function: it is told, and the answer goes out unchanged (the dev CLI's warning).
 */
export type AnswerCheck = true | ((drift: AnswerDrift) => void);

const strictError = errorBody.onDeepUndeclaredKey("reject");

/** Why `body` (answered with `status`) is not what the route's contract allows, or null when it is. */
export function answerProblem(contract: RouteContract, strictResponse: Type, status: number, body: unknown): string | null {
  if (status < 400) {
    const out = strictResponse(body);
    return out instanceof type.errors ? out.summary : null;
  }
  const out = strictError(body);
  if (out instanceof type.errors) return `error body: ${out.summary}`;
  return contract.errors.includes(out.code) ? null : `error code ${out.code} is not one this route answers (${contract.errors.join(", ")})`;
}

/** A check of the signer routes (mounted at `prefix`, either path): checks each answer of a route that has a contract. */
export function checkAnswers(prefix: string, contracts: RouteContracts, check: AnswerCheck): ExchangeMiddleware {
  const strict = new Map(Object.entries(contracts).map(([route, contract]) => [route, contract.response.onDeepUndeclaredKey("reject") as Type]));
  return async (x, next) => {
    await next();
    const route = x.path.slice(prefix.length + 1);
    const contract = contracts[route];
    if (x.method !== "POST" || !contract) return;
    const status = x.status();
    const text = await x.answerText();
    let body: unknown;
    let problem: string | null;
    try {
      body = JSON.parse(text);
      problem = answerProblem(contract, strict.get(route)!, status, body);
    } catch {
      body = text;
      problem = "the answer is not JSON";
    }
    if (problem === null) return;
    const drift = { route, status, problem, body };
    if (check !== true) return check(drift);
    const refusal = new ApiError(500, "ANSWER_OUT_OF_CONTRACT", `${route} answered ${status} outside its contract: ${problem}`, { answer: body });
    x.answer(500, JSON.stringify(refusal.body()), { "content-type": "application/json" });
  };
}
