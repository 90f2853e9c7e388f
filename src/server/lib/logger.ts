import pino from "pino";

export type Logger = pino.Logger;
export type LogFormat = "pretty" | "json";

/**
 * One logger for the process. `json`: structured lines for a log system, request logs carrying the
 * request id. `pretty`: short readable lines for a person at a terminal (`npm start`), the same
 * events formatted by `formatLogLine`.
 */
export function createLogger(level: string, format: LogFormat = "json"): Logger {
  const options = { level, base: { service: "earmark" }, timestamp: pino.stdTimeFunctions.isoTime };
  if (format === "json") return pino(options);
  return pino(options, { write: (line: string) => process.stdout.write(formatLogLine(line)) });
}

const LEVEL_TAGS: [number, string][] = [
  [60, "FATAL"],
  [50, "ERROR"],
  [40, "WARN "],
  [30, "     "],
  [20, "DEBUG"],
  [0, "TRACE"],
];
const FIELD_LIMIT = 160;

function showValue(value: unknown) {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > FIELD_LIMIT ? `${text.slice(0, FIELD_LIMIT - 1)}…` : text;
}

/** A pino JSON line as `  12:00:01 WARN  message  key=value …`; an error's stack only at error level. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { level, time, msg, service: _service, requestId: _requestId, err, ...fields } = entry;
  const numeric = typeof level === "number" ? level : 30;
  const tag = LEVEL_TAGS.find(([at]) => numeric >= at)?.[1] ?? "     ";
  const clock = typeof time === "string" ? time.slice(11, 19) : "";
  let text: string;
  if (msg === "request") {
    const { method, path, status, ms, ...rest } = fields;
    text = `${method} ${path} → ${status} (${ms} ms)${Object.keys(rest).length ? `  ${showFields(rest)}` : ""}`;
  } else {
    text = `${msg ?? ""}${Object.keys(fields).length ? `  ${showFields(fields)}` : ""}`;
  }
  let out = `  ${clock} ${tag} ${text}\n`;
  if (err && typeof err === "object") {
    const { type, message, stack } = err as { type?: string; message?: string; stack?: string };
    out += `           ${type ?? "Error"}: ${message ?? ""}\n`;
    if (numeric >= 50 && stack)
      out += `${stack
        .split("\n")
        .slice(1, 8)
        .map((frame) => `           ${frame.trim()}`)
        .join("\n")}\n`;
  }
  return out;
}

function showFields(fields: Record<string, unknown>) {
  return Object.entries(fields)
    .map(([key, value]) => `${key}=${showValue(value)}`)
    .join(" ");
}
