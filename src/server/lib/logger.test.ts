import { describe, expect, it } from "vitest";
import { formatLogLine } from "./logger.ts";

const line = (entry: Record<string, unknown>) =>
  JSON.stringify({ time: "2026-11-26T17:23:33.347Z", service: "earmark", ...entry });

describe("formatLogLine (pretty logs for a terminal)", () => {
  it("prints a request as one short line, without the service or the request id", () => {
    expect(
      formatLogLine(
        line({
          level: 20,
          requestId: "abc",
          method: "GET",
          path: "/nope",
          status: 404,
          ms: 3,
          msg: "request",
        }),
      ),
    ).toBe("  17:23:33 DEBUG GET /nope → 404 (3 ms)\n");
  });

  it("prints other events with their fields, long values shortened", () => {
    const out = formatLogLine(
      line({ level: 40, msg: "slow job", job: "x", result: { text: "y".repeat(400) } }),
    );
    expect(out).toMatch(/^ {2}17:23:33 WARN {2}slow job {2}job=x result=\{"text":"y+…\n$/);
    expect(out.length).toBeLessThan(260);
  });

  it("shows an error's message, and its stack only at error level", () => {
    const err = {
      type: "Error",
      message: "boom",
      stack: "Error: boom\n    at one (a.ts:1:1)\n    at two (b.ts:2:2)",
    };
    const warn = formatLogLine(line({ level: 40, msg: "retrying", err }));
    expect(warn).toContain("Error: boom");
    expect(warn).not.toContain("at one");
    const error = formatLogLine(line({ level: 50, msg: "failed", err }));
    expect(error).toContain("ERROR failed");
    expect(error).toContain("at one (a.ts:1:1)");
  });

  it("passes a line that is not JSON through as it is", () => {
    expect(formatLogLine("plain text\n")).toBe("plain text\n");
  });
});
