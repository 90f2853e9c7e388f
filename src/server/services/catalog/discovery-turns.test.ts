import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { searchEpisodes } from "./discovery.ts";

const NAMES = ["first", "second", "third"];

/**
 * A pool of one connection that answers statements with no matches and records, in order, which
 * search sent each one (by the search's word among its values). The catalog counts as large, so
 * after one search no statement goes without the words (the size is remembered).
 */
function recordingDatabase() {
  const log: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const $client = {
    options: { max: 1 },
    async query(config: { values?: unknown[] }) {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const values = JSON.stringify(config.values ?? []);
      log.push(NAMES.find((name) => values.includes(name)) ?? "unknown");
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      return { rows: values === "[]" ? [{ n: 1_000_000, tier_n: 1_000_000 }] : [] };
    },
  };
  return { db: { $client } as unknown as Database, log, mostInFlight: () => mostInFlight };
}

describe("search's statements at the gate (decision 063)", () => {
  it("runs the later statements of searches under way before the first statement of a newer one", async () => {
    const { db, log, mostInFlight } = recordingDatabase();
    await searchEpisodes({ db }, { q: "warm" });
    log.length = 0;
    await Promise.all(NAMES.map((name) => searchEpisodes({ db }, { q: name })));
    expect(log).not.toContain("unknown");
    expect(log.filter((name) => name === "third").length).toBeGreaterThan(1);
    // On one connection the two searches under way take turns (the next waiting statement starts the
    // moment one ends, before its search sends its next), but the third waits until both are done.
    // A first-come pool would run first, second, third, first, second, third…
    expect(log.indexOf("third")).toBeGreaterThan(
      Math.max(log.lastIndexOf("first"), log.lastIndexOf("second")),
    );
    expect(mostInFlight()).toBe(1);
  });
});
