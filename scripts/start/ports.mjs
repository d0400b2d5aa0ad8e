// Free ports for `npm start`: a port something else already uses is replaced by the next free one,
// so a second copy (or another program on 5173) does not make a service fail after 'ready'.
import { connect, createServer } from "node:net";

/** Something answers a TCP connection on host:port. */
const answers = (host, port) =>
  new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => socket.end(() => resolve(true)));
    socket.once("error", () => resolve(false));
  });

/** Binding the port on every address works (nothing holds it, on IPv4 or IPv6). */
const bindable = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });

/** Nothing listens on the port (on 127.0.0.1, ::1 or any address) and it can be bound. */
export async function isFree(port) {
  if ((await answers("127.0.0.1", port)) || (await answers("::1", port))) return false;
  return bindable(port);
}

/**
 * For each wanted port (name → { port, variable }), the port to use: the wanted one if free, else the
 * next free one above it that no other service got. `moved` lists what changed, for the console.
 */
export async function choosePorts(wanted, { tries = 50 } = {}) {
  const chosen = {};
  const moved = [];
  const taken = new Set();
  for (const [name, { port, variable }] of Object.entries(wanted)) {
    let candidate = Number(port);
    while (taken.has(candidate) || !(await isFree(candidate))) {
      candidate++;
      if (candidate > Number(port) + tries) {
        throw new Error(`No free port from ${port} to ${Number(port) + tries} for ${name}: set ${variable} to a free port.`);
      }
    }
    taken.add(candidate);
    chosen[name] = String(candidate);
    if (candidate !== Number(port)) moved.push({ name, variable, from: Number(port), to: candidate });
  }
  return { ports: chosen, moved };
}
