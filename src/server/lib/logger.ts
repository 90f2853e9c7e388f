import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs; one line per event, request logs carry the request id. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "earmark" }, timestamp: pino.stdTimeFunctions.isoTime });
}
