// The error half of the wire contract: the schema of the one error body every route answers with,
// and (from wire/error-codes.ts) the code groups routes share; wire/route-errors.ts lists each
// route's codes. The server's answer check (server/answers.ts) refuses a code a route does not list,
// so those lists stay the truth; the kit takes plain types (`ErrorBody`, wire/shapes.ts;
// `RouteError<route>`, wire/routes.ts).
import { type } from "arktype";

export { TRANSPORT_ERRORS, STAMP_ERRORS, DELIVERY_ERRORS, CODE_ERRORS, FACTOR_ERRORS, JWT_ERRORS } from "./error-codes";

export const mfaFactor = type({ multiFactorId: "string", multiFactorType: "string" });

/** Every error answer: `{code, message, error, details?}` (`error` repeats the message for clients that read that field). */
export const errorBody = type({
  code: /^[A-Z][A-Z0-9_]*$/,
  message: "string",
  error: "string",
  "details?": "unknown",
  /** MFA_REQUIRED: the factors to ask for, where hosted-signer clients read them. */
  "data?": { multiFactors: mfaFactor.array() },
}).narrow((body, check) => body.error === body.message || check.reject({ path: ["error"], expected: "the message repeated" }));
