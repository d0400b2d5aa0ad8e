// Reaps the devnet's processes if the process that started them dies without stopping them (even by SIGKILL,
// which leaves it no chance to clean up). The parent writes `watch <pid>` / `unwatch <pid>` lines on our stdin;
// when stdin closes, every pid still watched is killed. Plain JavaScript: started with bare Node.
const watched = new Set();
let buffered = "";

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  const lines = buffered.split("\n");
  buffered = lines.pop() ?? "";
  for (const line of lines) {
    const [command, pid] = line.trim().split(" ");
    const id = Number(pid);
    if (!Number.isInteger(id) || id <= 0) continue;
    if (command === "watch") watched.add(id);
    if (command === "unwatch") watched.delete(id);
  }
});

function reap() {
  for (const pid of watched) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
}
process.stdin.on("end", reap);
process.stdin.on("close", reap);
// The parent's terminal may send us its Ctrl-C too: the parent stops the services itself, we only wait for it.
process.on("SIGINT", () => {});
