import { printBanner, startServer, stopOnSignals } from "../../src/server/main.ts";

/** `npm start` without the web build step: the server as a terminal runs it (the shutdown test). */
const server = await startServer(undefined, { isPostgresDetached: true });
stopOnSignals(server.stop);
printBanner(server);
