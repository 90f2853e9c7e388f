import { printBanner, startServer, stopOnSignals } from "../src/server/main.ts";

/** The API server alone (used by `npm run dev`, where Vite serves the web app). */
const server = await startServer();
stopOnSignals(server.stop);
printBanner(server);
