import { printBanner, startServer, stopOnSignals } from "../src/server/main.ts";
import { ensureWebBuild } from "./web-build.ts";

ensureWebBuild();
const server = await startServer(undefined, { isPostgresDetached: true });
stopOnSignals(server.stop);
printBanner(server);
