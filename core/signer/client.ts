import { REQUEST_TIMEOUT_MS, SDK_VERSION, SDK_VERSION_HEADER } from "../constants";
import { MfaRequiredError, PermissionDeniedError, RateLimitedError, SignerHttpError, StepUpRequiredError, type MfaFactor, type StepUpProof } from "../errors";
import type { RouteRequest, RouteResponse, SignerRoute } from "../../wire/routes";
import { withinLimits } from "./transport";
import { ERROR_TEXTS, errorTextKey } from "../error-text";
import { warnOffContract } from "./answer-check";

/** Where the signer backend is and how to reach it. */
export interface SignerClientOptions {
  /** The signer host; routes are POST `{url}/signer/v1/<route>`. */
  url: string;
  apiKey?: string;
  jwt?: string;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
  /** Per request, answer included (default REQUEST_TIMEOUT_MS); past it, ConnectionTimeoutError. */
  timeoutMs?: number;
}

/** A typed client over the signer route table: every route's request and answer are checked. */
export class SignerClient {
  constructor(private readonly options: SignerClientOptions) {}

  /** `signal`: the caller gives up (the request is aborted and the promise rejects with its reason). */
  async request<R extends SignerRoute>(route: R, body: RouteRequest<R>, options: { signal?: AbortSignal } = {}): Promise<RouteResponse<R>> {
    const headers: Record<string, string> = { "content-type": "application/json", [SDK_VERSION_HEADER]: SDK_VERSION };
    const bearer = this.options.jwt ?? this.options.apiKey;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const doFetch = this.options.fetch ?? globalThis.fetch;
    const url = `${this.options.url.replace(/\/$/, "")}/signer/v1/${route}`;
    const limits = { timeoutMs: this.options.timeoutMs ?? REQUEST_TIMEOUT_MS, ...(options.signal ? { signal: options.signal } : {}) };
    const { status, ok, text, retryAfter } = await withinLimits(route, limits, async (signal) => {
      const response = await doFetch(url, { method: "POST", headers, body: JSON.stringify(body), signal });
      return { status: response.status, ok: response.ok, text: await response.text(), retryAfter: response.headers.get("retry-after") };
    });
    // Development builds check the answer against the wire contract; production builds drop this line and the schemas.
    if (process.env.NODE_ENV !== "production") warnOffContract(route, status, text);
    if (!ok) throw toSignerError(status, text, retryAfter);
    return (text ? JSON.parse(text) : {}) as RouteResponse<R>;
  }
}

/** A non-OK answer as a typed error; one carrying `data.multiFactors` is the MFA-required error, a 429 the rate-limited one. */
export function toSignerError(status: number, text: string, retryAfter?: string | null): Error {
  let parsed: { code?: string; message?: string; error?: string; details?: unknown; data?: { multiFactors?: MfaFactor[] } } | null = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: the text is the error */
  }
  const multiFactors = parsed?.data?.multiFactors ?? (parsed?.details as { multiFactors?: MfaFactor[] } | undefined)?.multiFactors;
  if (Array.isArray(multiFactors) && multiFactors.length > 0) return new MfaRequiredError(multiFactors);
  const message = parsed?.message ?? parsed?.error ?? (text || `Request failed with status ${status}`);
  if (status === 403 && parsed?.code === "STEP_UP_REQUIRED") {
    const proofs = (parsed.details as { proofs?: unknown } | undefined)?.proofs;
    return new StepUpRequiredError(Array.isArray(proofs) ? (proofs as StepUpProof[]) : [], message, parsed.details);
  }
  if (status === 403) return new PermissionDeniedError(parsed?.code ?? "HTTP_403", message, parsed?.details);
  if (status === 429) {
    const seconds = Number(retryAfter);
    return new RateLimitedError(parsed?.code ?? "RATE_LIMITED", message, Number.isFinite(seconds) && seconds > 0 ? seconds : undefined, parsed?.details);
  }
  const code = parsed?.code ?? `HTTP_${status}`;
  // A schema refusal names fields and values ('contact: must be an email address (was "…")') and a
  // server failure says nothing useful: readable texts, the backend's words kept as the cause.
  const readable = errorTextKey(new SignerHttpError(status, code, message));
  if (readable === "invalidInput" || readable === "unavailable") {
    const error = new SignerHttpError(status, code, ERROR_TEXTS[readable], parsed?.details);
    error.cause = new Error(message);
    return error;
  }
  return new SignerHttpError(status, code, message, parsed?.details);
}
