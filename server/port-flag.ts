/** A CLI's `--port` value: the default when absent, 0 for a free port, otherwise 1..65535; anything else is refused. */
export function parsePortFlag(value: string | undefined, fallback: number): number {
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535 (was ${value})`);
  return port;
}
