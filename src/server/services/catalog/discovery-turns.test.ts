import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { searchEpisodes } from "./discovery.ts";

/**
 * A pool of one connection that answers every statement with no rows and records, in order, which
 * search sent each statement (the search runs inside `search.run(name, …)`).
 */
function recordingDatabase(search: AsyncLocalStorage<string>) {
  const log: (string | undefined)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const $client = {
    options: { max: 1 },
    async query() {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      log.push(search.getStore());
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      return { rows: [] };
    },
  };
  return { db: { $client } as unknown as Database, log, mostInFlight: () => mostInFlight };
}

describe("search's statements at the gate (decision 063)", () => {
  it("runs the later statements of searches under way before the first statement of a newer one", async () => {
    const search = new AsyncLocalStorage<string>();
    const { db, log, mostInFlight } = recordingDatabase(search);
    await Promise.all(
      ["first", "second", "third"].map((name) => search.run(name, () => searchEpisodes({ db }, { q: name }))),
    );
    // On one connection the two searches under way take turns (the next waiting statement starts the
    // moment one ends, before its search sends its next), but the third waits until both are done.
    // A first-come pool would run first, second, third, first, second, third…
    expect(log.filter((name) => name === "third").length).toBeGreaterThan(1);
    expect(log.indexOf("third")).toBeGreaterThan(
      Math.max(log.lastIndexOf("first"), log.lastIndexOf("second")),
    );
    expect(mostInFlight()).toBe(1);
  });
});
