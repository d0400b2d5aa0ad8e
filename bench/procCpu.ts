// CPU time of other processes from /proc (Linux): what a server or PostgreSQL spent, whatever else the
// machine was doing. A busy machine stretches wall-clock time, not the CPU time a request costs.
import { readdirSync, readFileSync } from "node:fs";

const TICK_US = 10_000; // USER_HZ is 100 on Linux (getconf CLK_TCK)

interface Stat {
  ppid: number;
  /** utime + stime of the process, every thread included, in µs. */
  ownUs: number;
  /** stime alone: the kernel's work for it (on loopback, a socket write runs the receiver's TCP path too). */
  systemUs: number;
  /** cutime + cstime: children it has reaped (PostgreSQL backends that ended), in µs. */
  reapedUs: number;
}

function stat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // Fields after the command name (which may hold spaces), from field 3 (state) on.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const at = (n: number) => Number(fields[n - 3]);
  return { ppid: at(4), ownUs: (at(14) + at(15)) * TICK_US, systemUs: at(15) * TICK_US, reapedUs: (at(16) + at(17)) * TICK_US };
}

/** CPU µs the process has used (all its threads). */
export function processCpuUs(pid: number): number {
  return stat(pid)?.ownUs ?? 0;
}

/** Of which in the kernel (stime), µs. */
export function processSystemCpuUs(pid: number): number {
  return stat(pid)?.systemUs ?? 0;
}

/** CPU µs of a process and its whole tree, children that already ended included (a PostgreSQL postmaster and its backends). */
export function treeCpuUs(root: number): number {
  const all = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number);
  const children = new Map<number, number[]>();
  const stats = new Map<number, Stat>();
  for (const pid of all) {
    const s = stat(pid);
    if (!s) continue;
    stats.set(pid, s);
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  let total = 0;
  const visit = (pid: number) => {
    const s = stats.get(pid);
    if (!s) return;
    total += s.ownUs + s.reapedUs;
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return total;
}

/** The PostgreSQL postmaster listening on `port` (found by its command line: `postgres … -p <port>`). */
export function postmasterOnPort(port: number): number {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (!args[0]?.endsWith("postgres")) continue;
    const p = args.indexOf("-p");
    if (p >= 0 && args[p + 1] === String(port)) return Number(name);
  }
  throw new Error(`no PostgreSQL postmaster on port ${port}`);
}
