import { ACTIVITY_POLL_INTERVAL_MS, SDK_VERSION, SDK_VERSION_HEADER } from "../constants";
import { LatchError } from "../errors";
import type { Stamper } from "./stamper";

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
    private readonly doFetch: typeof fetch = (...args) => globalThis.fetch(...args),
  ) {}

  async request<T>(operation: string, body: Record<string, unknown>): Promise<T> {
    const json = JSON.stringify(body);
    const stamp = await this.stamper().stamp(json);
    const response = await this.doFetch(`${this.baseUrl.replace(/\/$/, "")}/public/v1/${operation}`, {
      method: "POST",
      headers: { "content-type": "application/json", [stamp.stampHeaderName]: stamp.stampHeaderValue, [SDK_VERSION_HEADER]: SDK_VERSION },
      body: json,
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        /* plain text */
      }
      throw new LatchError(message || `Request failed with status ${response.status}`);
    }
    return JSON.parse(text) as T;
  }

  /** Submits an activity and polls it: COMPLETED returns; FAILED, REJECTED, CONSENSUS_NEEDED throw. */
  async submitActivity(operation: string, body: Record<string, unknown>): Promise<Activity> {
    let { activity } = await this.request<{ activity: Activity }>(`submit/${operation}`, body);
    const organizationId = body.organizationId as string;
    for (;;) {
      const status = activity.status.replace(/^ACTIVITY_STATUS_/, "");
      if (status === "COMPLETED") return activity;
      if (status === "FAILED" || status === "REJECTED" || status === "CONSENSUS_NEEDED") {
        throw new LatchError(`Activity ${activity.id} ${status.toLowerCase()}${activity.failure?.message ? `: ${activity.failure.message}` : ""}`);
      }
      await new Promise((resolve) => setTimeout(resolve, ACTIVITY_POLL_INTERVAL_MS));
      ({ activity } = await this.request<{ activity: Activity }>("query/get_activity", { organizationId, activityId: activity.id }));
    }
  }
}
