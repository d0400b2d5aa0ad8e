// Preloaded into the Alto bundler's process only (`node --import`): Alto binds 0.0.0.0 and has no
// host option. In that process, a server asked for every interface (or none named) binds 127.0.0.1
// instead, so nothing of the devnet listens beyond loopback.
import net from "node:net";

const ANY = new Set([undefined, "", "0.0.0.0", "::"]);
const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  if (first !== null && typeof first === "object" && !Array.isArray(first) && !("fd" in first) && !("path" in first)) {
    if (ANY.has(first.host)) args[0] = { ...first, host: "127.0.0.1" };
  } else if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback])
    if (typeof args[1] === "string") {
      if (ANY.has(args[1])) args[1] = "127.0.0.1";
    } else {
      args.splice(1, 0, "127.0.0.1");
    }
  }
  return listen.apply(this, args);
};
