import { startServer, stopOnSignals } from "../src/server/main.ts";

/**
 * The server of `npm run bench:load`, in its own process (started with `--expose-gc` and an IPC
 * channel). Only this bench child answers memory questions: the app itself exposes nothing.
 * Messages: "memory" → its `process.memoryUsage()`; "memory-after-gc" → the same after a full
 * collection, so what is still reachable can be told from garbage not yet collected.
 */
const server = await startServer(undefined, { isPostgresDetached: true });
stopOnSignals(server.stop);

process.on("message", (message) => {
  if (message !== "memory" && message !== "memory-after-gc") return;
  if (message === "memory-after-gc") (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ type: message, usage: process.memoryUsage() });
});
process.send?.({ type: "ready", url: server.url });
