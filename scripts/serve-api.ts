import { printBanner, startServer, stopOnSignals } from "../src/server/main.ts";

/** The API server alone (used by `npm run dev`, where Vite serves the web app). */
const server = await startServer(undefined, { isPostgresDetached: true });
stopOnSignals(server.stop);
printBanner(server);
