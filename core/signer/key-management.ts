import { ACTIVITY_POLL_INTERVAL_MS, SDK_VERSION, SDK_VERSION_HEADER } from "../constants";
import { LatchError, PermissionDeniedError, StepUpRequiredError, type StepUpProof } from "../errors";
import type { Stamper } from "./stamper";
import { pause, withinLimits } from "./transport";
import { warnOperationOffContract } from "./answer-check";
import type { ActivityOperation, ActivityResult, OperationAnswer, OperationBody, OperationName } from "../../wire/operation-types";

/** Time limits of key-management calls. */
export interface KeyManagementLimits {
  /** Per request, answer included. */
  requestTimeoutMs: number;
  /** How long an activity may stay pending before submitActivity gives up. */
  activityTimeoutMs: number;
}

/** An activity still pending when its time ran out (the backend may still finish it). */
export class ActivityTimeoutError extends LatchError {
  override name = "ActivityTimeoutError" as const;
  constructor(details: { activityId: string; status: string; timeoutMs: number }) {
    super("Connection timed out: It looks like you need more time.", { details });
  }
}

/** A key-management activity: id, status, and its result or failure. */
export interface Activity {
  id: string;
  status: string;
  result?: Record<string, unknown>;
  failure?: { message?: string };
}

/** An operation that submits an activity, without its `submit/` prefix (`create_api_keys`, …). */
export type ActivityName = ActivityOperation extends `submit/${infer Name}` ? Name : never;

/** The completed activity `submit/<name>` answers: its result is that operation's (wire/operations.ts). */
export interface CompletedActivity<N extends ActivityName> extends Activity {
  result: ActivityResult<`submit/${N}`>;
}

/**
 * The key-management API the kit calls directly (authenticators, export, activities): POST
 * `{base}/public/v1/{query|submit}/<op>`, each body stamped.
 */
export class KeyManagementClient {
  constructor(
    private readonly baseUrl: string,
    private readonly stamper: () => Stamper,
    private readonly limits: KeyManagementLimits,
    private readonly doFetch: typeof fetch = (...args) => globalThis.fetch(...args),
  ) {}

  /** Sends a stamped request to the key-management API and returns its answer, typed by the wire contract for `operation`. */
  async request<O extends OperationName>(operation: O, body: OperationBody<O>, options: { signal?: AbortSignal } = {}): Promise<OperationAnswer<O>> {
    const json = JSON.stringify(body);
    const stamp = await this.stamper().stamp(json, options);
    const url = `${this.baseUrl.replace(/\/$/, "")}/public/v1/${operation}`;
    const limits = { timeoutMs: this.limits.requestTimeoutMs, ...(options.signal ? { signal: options.signal } : {}) };
    const response = await withinLimits(operation, limits, async (signal) => {
      const answer = await this.doFetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", [stamp.stampHeaderName]: stamp.stampHeaderValue, [SDK_VERSION_HEADER]: SDK_VERSION },
        body: json,
        signal,
      });
      return { ok: answer.ok, status: answer.status, text: await answer.text() };
    });
    const { text } = response;
    // Development builds check the answer against the wire contract; production builds drop this line and the schemas.
    if (process.env.NODE_ENV !== "production") warnOperationOffContract(operation, response.status, text);
    if (!response.ok) {
      let parsed: { message?: string; code?: string; details?: { proofs?: unknown } } = {};
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === "object") parsed = value as typeof parsed;
      } catch {
        /* plain text */
      }
      const message = parsed.message ?? text;
      if (response.status === 403 && parsed.code === "STEP_UP_REQUIRED") {
        throw new StepUpRequiredError(Array.isArray(parsed.details?.proofs) ? (parsed.details.proofs as StepUpProof[]) : [], message, parsed.details);
      }
      if (response.status === 403) throw new PermissionDeniedError(parsed.code ?? "HTTP_403", message);
      throw new LatchError(message || `Request failed with status ${response.status}`);
    }
    return JSON.parse(text) as OperationAnswer<O>;
  }

  /**
   * Submits an activity and polls it every ACTIVITY_POLL_INTERVAL_MS: COMPLETED returns; FAILED,
   * REJECTED, CONSENSUS_NEEDED throw; still pending after `activityTimeoutMs`, ActivityTimeoutError.
   */
  async submitActivity<N extends ActivityName>(operation: N, body: OperationBody<`submit/${N}`>, options: { signal?: AbortSignal } = {}): Promise<CompletedActivity<N>> {
    const deadline = Date.now() + this.limits.activityTimeoutMs;
    // An activity's polls answer what its submit would have (get_activity's own contract leaves the result open).
    let { activity }: { activity: Activity } = await this.request(`submit/${operation}` as ActivityOperation, body as never, options);
    const { organizationId } = body as { organizationId: string };
    for (;;) {
      const status = activity.status.replace(/^ACTIVITY_STATUS_/, "");
      if (status === "COMPLETED") return activity as CompletedActivity<N>;
      if (status === "FAILED" || status === "REJECTED" || status === "CONSENSUS_NEEDED") {
        throw new LatchError(`Activity ${activity.id} ${status.toLowerCase()}${activity.failure?.message ? `: ${activity.failure.message}` : ""}`);
      }
      if (Date.now() + ACTIVITY_POLL_INTERVAL_MS > deadline) {
        throw new ActivityTimeoutError({ activityId: activity.id, status: activity.status, timeoutMs: this.limits.activityTimeoutMs });
      }
      await pause(ACTIVITY_POLL_INTERVAL_MS, options.signal);
      ({ activity } = await this.request("query/get_activity", { organizationId, activityId: activity.id }, options));
    }
  }
}
