/** Key-management operations as named by the stamped request's url: `query/whoami`, `submit/sign_raw_payload`. */
export type Operation = `query/${string}` | `submit/${string}`;
