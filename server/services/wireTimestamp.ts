/** A time as key-management answers show it: seconds and nanoseconds, as strings. */
export function wireTimestamp(ms: number) {
  return { seconds: String(Math.floor(ms / 1000)), nanos: String(Math.round((ms % 1000) * 1e6)) };
}
