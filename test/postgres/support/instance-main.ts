// One server instance in its own process, configured by the environment like a deployment
// (DATABASE_URL, LATCH_SECRET_KEY): the fault tests kill it with SIGKILL.
import { databaseFromEnv } from "../../../server/db/config";
import { keyEncryptionKeysFromEnv } from "../../../server/custody/env";
import { startServer } from "../../../server/index";

const server = await startServer({ port: 0, database: databaseFromEnv(process.env), keyEncryptionKeys: keyEncryptionKeysFromEnv(process.env) });
process.stdout.write(`${JSON.stringify({ url: server.url, pid: process.pid })}\n`);
process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
