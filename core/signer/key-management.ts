import { ACTIVITY_POLL_INTERVAL_MS, SDK_VERSION, SDK_VERSION_HEADER } from "../constants";
import { LatchError, PermissionDeniedError } from "../errors";
import type { Stamper } from "./stamper";
import { pause, withinLimits } from "./transport";

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

  /** Sends a stamped request to the key-management API and returns its answer. */
  async request<T>(operation: string, body: Record<string, unknown>, options: { signal?: AbortSignal } = {}): Promise<T> {
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
    if (!response.ok) {
      let parsed: { message?: string; code?: string } = {};
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === "object") parsed = value as typeof parsed;
      } catch {
        /* plain text */
      }
      const message = parsed.message ?? text;
      if (response.status === 403) throw new PermissionDeniedError(parsed.code ?? "HTTP_403", message);
      throw new LatchError(message || `Request failed with status ${response.status}`);
    }
    return JSON.parse(text) as T;
  }

  /**
   * Submits an activity and polls it every ACTIVITY_POLL_INTERVAL_MS: COMPLETED returns; FAILED,
   * REJECTED, CONSENSUS_NEEDED throw; still pending after `activityTimeoutMs`, ActivityTimeoutError.
   */
  async submitActivity(operation: string, body: Record<string, unknown>, options: { signal?: AbortSignal } = {}): Promise<Activity> {
    const deadline = Date.now() + this.limits.activityTimeoutMs;
    let { activity } = await this.request<{ activity: Activity }>(`submit/${operation}`, body, options);
    const organizationId = body.organizationId as string;
    for (;;) {
      const status = activity.status.replace(/^ACTIVITY_STATUS_/, "");
      if (status === "COMPLETED") return activity;
      if (status === "FAILED" || status === "REJECTED" || status === "CONSENSUS_NEEDED") {
        throw new LatchError(`Activity ${activity.id} ${status.toLowerCase()}${activity.failure?.message ? `: ${activity.failure.message}` : ""}`);
      }
      if (Date.now() + ACTIVITY_POLL_INTERVAL_MS > deadline) {
        throw new ActivityTimeoutError({ activityId: activity.id, status: activity.status, timeoutMs: this.limits.activityTimeoutMs });
      }
      await pause(ACTIVITY_POLL_INTERVAL_MS, options.signal);
      ({ activity } = await this.request<{ activity: Activity }>("query/get_activity", { organizationId, activityId: activity.id }, options));
    }
  }
}
