import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { MindmapData, MindmapNode } from "../../domain/contract/learning.ts";
import { CONCEPT_OCCURRENCES_LIMIT } from "../../domain/contract/mindmap.ts";
import { conceptKey } from "../../domain/mindmap.ts";
import { CROSS_ORIGIN_MESSAGE } from "../auth/origin-check.ts";
import { MINDMAP_EVENTS_PER_HOUR } from "../services/learning/mindmap-analytics.ts";

/**
 * The mind-map endpoints over a real database: session events (anonymous and signed in, validation,
 * limits, the beacon's cross-site rule), the catalog-wide concept look-up and its trigger-kept
 * index, and the admin A/B summary.
 */

let server: TestServer;
let user: SignedInClient;
let admin: SignedInClient;
let podcastId: string;

const MISSING = "00000000-0000-4000-8000-000000000000";
const EVENTS = "/api/v1/mindmaps/events";
const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

const node = (id: string, extra: Partial<MindmapNode> = {}, children: MindmapNode[] = []): MindmapNode => ({
  id,
  title: `Node ${id}`,
  ...extra,
  children,
});

/** A ready episode (audio + summary) published `daysAgo`, with this mind map when given. */
async function createEpisode(title: string, daysAgo: number, mindmap?: MindmapData | object, ready = true) {
  const { rows } = await query(
    `insert into episodes (podcast_id, title, summary, audio_url, pub_date)
     values ($1, $2, $3, '/demo/audio/x.mp3', now() - make_interval(days => $4)) returning id`,
    [podcastId, title, ready ? "About it" : null, daysAgo],
  );
  const id = rows[0].id as string;
  if (mindmap) await storeMindmap(id, mindmap);
  return id;
}

/** Stores (or replaces) a map the way generate-mindmap does: one upsert. */
async function storeMindmap(episodeId: string, mindmap: MindmapData | object) {
  await query(
    `insert into episode_mindmaps (episode_id, mindmap_data) values ($1, $2)
     on conflict (episode_id) do update set mindmap_data = excluded.mindmap_data`,
    [episodeId, JSON.stringify(mindmap)],
  );
}

let episodeId: string;
const event = () => ({
  episodeId,
  viewType: "radial",
  durationSeconds: 95,
  nodesExplored: 7,
  timestampsClicked: 2,
});

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  [user, admin] = await Promise.all([server.signUp(), server.signUp({ role: "admin" })]);
  podcastId = (
    await query("insert into podcasts (name, source_type) values ('Mind Maps FM', 'manual') returning id")
  ).rows[0].id;
  episodeId = await createEpisode("Event target", 1);
});
afterAll(() => server.stop());

describe("POST /mindmaps/events", () => {
  it("stores an anonymous session with a null user and the spec's metadata, and answers 204", async () => {
    const response = await server.client().post(EVENTS, event());
    expect(response.status, response.text).toBe(204);
    expect(response.text).toBe("");
    const { rows } = await query(
      "select user_id, episode_id, event_type, view_type, metadata from mindmap_analytics where episode_id = $1",
      [episodeId],
    );
    expect(rows).toEqual([
      {
        user_id: null,
        episode_id: episodeId,
        event_type: "mindmap_session_duration",
        view_type: "radial",
        metadata: { duration_seconds: 95, nodes_explored: 7, timestamps_clicked: 2 },
      },
    ]);
    // Signed out, the limit is the client's address.
    const keys = await query("select key from rate_limits where key like 'mindmap-events:ip:%'");
    expect(keys.rows).toHaveLength(1);
  });

  it("stores a signed-in session with the session's user id", async () => {
    const response = await user.post(EVENTS, { ...event(), viewType: "graph", durationSeconds: 0 });
    expect(response.status, response.text).toBe(204);
    const { rows } = await query(
      "select view_type, metadata from mindmap_analytics where user_id = $1 and episode_id = $2",
      [user.user.id, episodeId],
    );
    expect(rows).toEqual([
      { view_type: "graph", metadata: { duration_seconds: 0, nodes_explored: 7, timestamps_clicked: 2 } },
    ]);
  });

  it("accepts a same-origin beacon (a JSON Blob) and refuses one from another site", async () => {
    const beacon = (headers: Record<string, string>) =>
      server.client().request("POST", EVENTS, {
        body: JSON.stringify(event()),
        headers: { "content-type": "application/json", "sec-fetch-mode": "no-cors", ...headers },
      });
    const before = (await query("select count(*)::int as n from mindmap_analytics")).rows[0].n;
    expect((await beacon({ origin: server.url, "sec-fetch-site": "same-origin" })).status).toBe(204);
    expect((await beacon({ "sec-fetch-site": "same-origin" })).status).toBe(204);
    const forged = await beacon({ origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(forged.status).toBe(403);
    expect(forged.data.error.message).toBe(CROSS_ORIGIN_MESSAGE);
    const after = (await query("select count(*)::int as n from mindmap_analytics")).rows[0].n;
    expect(after - before).toBe(2);
    // A beacon sent as a string is text/plain: refused with the reason, never stored half-read.
    const text = await server.client().request("POST", EVENTS, {
      body: JSON.stringify(event()),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(text.status).toBe(415);
  });

  it("refuses every invalid field with a message a person can read", async () => {
    const response = await server.client().post(EVENTS, {
      episodeId: "not-an-id",
      viewType: "spiral",
      durationSeconds: -1,
      nodesExplored: 1.5,
      timestampsClicked: 100_000,
    });
    expect(response.status).toBe(400);
    expect(response.data.error.code).toBe("VALIDATION");
    expect(response.data.error.fields).toEqual({
      episodeId: "episodeId must be the id of an episode.",
      viewType: "viewType must be tree, radial or graph.",
      durationSeconds: "durationSeconds cannot be negative.",
      nodesExplored: "nodesExplored must be a whole number.",
      timestampsClicked: "timestampsClicked cannot be more than 10000.",
    });
    expect(response.data.error.message).toBe("episodeId: episodeId must be the id of an episode.");

    const tooLong = await server.client().post(EVENTS, { ...event(), durationSeconds: 86_401 });
    expect(tooLong.data.error.fields).toEqual({
      durationSeconds: "durationSeconds cannot be more than one day.",
    });
    const missing = await server.client().post(EVENTS, { episodeId });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.data.error.fields).sort()).toEqual([
      "durationSeconds",
      "nodesExplored",
      "timestampsClicked",
      "viewType",
    ]);
    for (const body of [[event()], "radial", null]) {
      const wrong = await server.client().post(EVENTS, body);
      expect(wrong.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("refuses a field it does not take, such as a user id", async () => {
    const response = await server.client().post(EVENTS, { ...event(), userId: user.user.id });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(
      "Unknown field userId: send only episodeId, viewType, durationSeconds, nodesExplored and timestampsClicked.",
    );
    const stored = await query("select count(*)::int as n from mindmap_analytics where user_id = $1", [
      user.user.id,
    ]);
    expect(stored.rows[0].n).toBe(1);
  });

  it("answers 404 for an episode that does not exist", async () => {
    const response = await user.post(EVENTS, { ...event(), episodeId: MISSING });
    expect(response.status).toBe(404);
    expect(response.data.error.message).toBe("There is no episode with this id.");
  });

  it(`allows ${MINDMAP_EVENTS_PER_HOUR} sessions an hour per user, then 429 with Retry-After`, async () => {
    const busy = await server.signUp();
    for (let batch = 0; batch < MINDMAP_EVENTS_PER_HOUR / 20; batch++) {
      const responses = await Promise.all(Array.from({ length: 20 }, () => busy.post(EVENTS, event())));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(204));
    }
    const limited = await busy.post(EVENTS, event());
    expect(limited.status).toBe(429);
    expect(limited.data.error.code).toBe("RATE_LIMITED");
    expect(limited.data.error.message).toMatch(
      /^Too many mind map session reports from you\. Please wait \d+ minutes?/,
    );
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const stored = await query("select count(*)::int as n from mindmap_analytics where user_id = $1", [
      busy.user.id,
    ]);
    expect(stored.rows[0].n).toBe(MINDMAP_EVENTS_PER_HOUR);
    // Another user is not affected by this user's limit.
    expect((await user.post(EVENTS, event())).status).toBe(204);
  });
});

describe("GET /mindmaps/concepts", () => {
  const ids = { newest: "", middle: "", oldest: "", hidden: "" };
  const lookUp = (concept: string, exclude?: string) =>
    server
      .client()
      .get(
        `/api/v1/mindmaps/concepts?concept=${encodeURIComponent(concept)}${exclude ? `&excludeEpisodeId=${exclude}` : ""}`,
      );
  const found = (response: Awaited<ReturnType<typeof lookUp>>) =>
    (response.data.occurrences as { episodeTitle: string; nodeId: string; time: number | null }[]).map(
      (o) => `${o.episodeTitle}/${o.nodeId}@${o.time}`,
    );

  beforeAll(async () => {
    ids.newest = await createEpisode("Newest", 2, {
      episodeTitle: "Newest",
      nodes: [
        node("a", { time: 300, relatedConcepts: ["Language Models"] }),
        node("b", { time: 30.9, relatedConcepts: ["language models", "LANGUAGE MODELS"] }),
        node("c", { relatedConcepts: ["Language Models"] }),
      ],
    });
    ids.middle = await createEpisode("Middle", 5, {
      episodeTitle: "Middle",
      nodes: [
        node("root", { relatedConcepts: ["Transformers"] }, [
          node("deep", {}, [
            node("deeper", {}, [node("deepest", { time: 42, relatedConcepts: ["  language \t models "] })]),
          ]),
        ]),
      ],
    });
    ids.oldest = await createEpisode("Oldest", 9, {
      episodeTitle: "Oldest",
      nodes: [node("x", { time: 10, relatedConcepts: ["ＬＡＮＧＵＡＧＥ\u3000ＭＯＤＥＬＳ"] })],
    });
    ids.hidden = await createEpisode(
      "Not ready",
      1,
      { episodeTitle: "Not ready", nodes: [node("h", { relatedConcepts: ["Language models"] })] },
      false,
    );
  });

  it("finds the concept across episodes whatever its case, width or spacing, newest episode first then by time", async () => {
    const response = await lookUp("  language   MODELS ");
    expect(response.status, response.text).toBe(200);
    expect(response.data.concept).toBe("language   MODELS");
    expect(found(response)).toEqual([
      "Newest/b@30",
      "Newest/a@300",
      "Newest/c@null",
      "Middle/deepest@42",
      "Oldest/x@10",
    ]);
    expect(response.data.occurrences[0]).toEqual({
      episodeId: ids.newest,
      episodeTitle: "Newest",
      podcastName: "Mind Maps FM",
      nodeId: "b",
      nodeTitle: "Node b",
      time: 30,
    });
    expect(found(await lookUp("nothing like it"))).toEqual([]);
  });

  it("leaves out the episode being viewed", async () => {
    expect(found(await lookUp("Language Models", ids.newest))).toEqual(["Middle/deepest@42", "Oldest/x@10"]);
  });

  it("follows a regenerated map: its old concepts go, its new ones come", async () => {
    await storeMindmap(ids.middle, {
      episodeTitle: "Middle",
      nodes: [node("new", { time: 7, relatedConcepts: ["Attention"] })],
    });
    expect(found(await lookUp("language models"))).toEqual([
      "Newest/b@30",
      "Newest/a@300",
      "Newest/c@null",
      "Oldest/x@10",
    ]);
    expect(found(await lookUp("attention"))).toEqual(["Middle/new@7"]);
    expect(found(await lookUp("transformers"))).toEqual([]);
  });

  it("forgets a deleted episode, and an episode whose map is deleted", async () => {
    await query("delete from episodes where id = $1", [ids.oldest]);
    await query("delete from episode_mindmaps where episode_id = $1", [ids.middle]);
    expect(found(await lookUp("language models"))).toEqual(["Newest/b@30", "Newest/a@300", "Newest/c@null"]);
    expect(found(await lookUp("attention"))).toEqual([]);
    const left = await query("select count(*)::int as n from mindmap_concepts where episode_id = any($1)", [
      [ids.oldest, ids.middle],
    ]);
    expect(left.rows[0].n).toBe(0);
  });

  it(`answers at most ${CONCEPT_OCCURRENCES_LIMIT}, the earliest nodes first`, async () => {
    const nodes = Array.from({ length: 30 }, (_, i) =>
      node(`n${i}`, { time: 1000 - i, relatedConcepts: ["Busy"] }),
    );
    await createEpisode("Busy", 3, { episodeTitle: "Busy", nodes });
    const response = await lookUp("busy");
    expect(response.data.occurrences).toHaveLength(CONCEPT_OCCURRENCES_LIMIT);
    expect(response.data.occurrences.map((o: { time: number }) => o.time)).toEqual(
      Array.from({ length: CONCEPT_OCCURRENCES_LIMIT }, (_, i) => 971 + i),
    );
  });

  it("stores odd maps without failing: a legacy map, non-string concepts, absurd ids, no nodes", async () => {
    await createEpisode("Legacy", 4, {
      central: "Old",
      branches: [{ title: "B", relatedConcepts: ["Legacy"] }],
    });
    await createEpisode("Odd", 4, {
      episodeTitle: "Odd",
      nodes: [
        {
          id: "ok",
          title: "OK",
          time: "1:00",
          relatedConcepts: [7, null, "", "   ", "Odd one"],
          children: [],
        },
        { id: "x".repeat(5000), title: "Long id", relatedConcepts: ["Odd one"], children: [] },
        { title: "No id", relatedConcepts: ["Odd one"], children: [] },
        { id: "big", title: "Big", time: 1e12, relatedConcepts: ["Odd one", "y".repeat(5000)], children: [] },
      ],
    });
    await createEpisode("Empty", 4, { episodeTitle: "Empty", nodes: [] });
    expect(found(await lookUp("odd one"))).toEqual(["Odd/big@2147483647", "Odd/ok@null"]);
    expect(found(await lookUp("legacy"))).toEqual([]);
  });

  it("refuses a blank or too long concept and a malformed episode id", async () => {
    for (const [path, message] of [
      ["/api/v1/mindmaps/concepts", "concept: Give the concept to look up (?concept=…)."],
      ["/api/v1/mindmaps/concepts?concept=%20%20", "concept: Give the concept to look up (?concept=…)."],
      [
        `/api/v1/mindmaps/concepts?concept=${"a".repeat(101)}`,
        "concept: A concept has at most 100 characters.",
      ],
      [
        "/api/v1/mindmaps/concepts?concept=ai&excludeEpisodeId=nope",
        "excludeEpisodeId: excludeEpisodeId must be the id of an episode.",
      ],
    ] as const) {
      const response = await server.client().get(path);
      expect(response.status, path).toBe(400);
      expect(response.data.error.message).toBe(message);
    }
    expect((await lookUp(` ${"a".repeat(100)} `)).status).toBe(200);
  });

  it("keys concepts in SQL exactly as conceptKey does", async () => {
    const awkward = [
      "Language Models",
      "  LANGUAGE\t\n  models  ",
      "ＡＩ　Ｓａｆｅｔｙ",
      "ΟΔΟΣ ΣΑΣ",
      "İstanbul",
      "STRASSE ẞ ß",
      "ﬁnance Ǆ",
      "Café\u00a0au\u2003lait",
      "e\u0301cole",
      "\u2028line\u2029para\u0085nel\ufeff",
      "Ⅻ ① ㎏",
      "",
      "   ",
    ];
    const characters = fc.constantFrom(..."aZ ΣςİıßẞǄﬁＡ①\u00a0\u3000\t\n\u0301é日本Ωω-_.'".split(""));
    const random = fc.sample(fc.string({ unit: characters, maxLength: 12 }), { numRuns: 300, seed: 24 });
    const inputs = [...awkward, ...random];
    const { rows } = await query(
      "select public.mindmap_concept_key(x) as key from unnest($1::text[]) with ordinality t(x, n) order by n",
      [inputs],
    );
    expect(rows.map((row) => row.key)).toEqual(inputs.map(conceptKey));
  });

  it("rebuilds the same index from the migration's backfill", async () => {
    const read = async () =>
      (await query("select * from mindmap_concepts order by concept_key, episode_id, node_id")).rows;
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    const migration = readFileSync(
      path.resolve(import.meta.dirname, "../db/migrations/0021_mindmap_concepts_sync.sql"),
      "utf8",
    );
    const backfill = migration.split("--> statement-breakpoint").at(-1) ?? "";
    expect(backfill).toContain("INSERT INTO public.mindmap_concepts");
    await query("delete from mindmap_concepts");
    await query(backfill);
    expect(await read()).toEqual(before);
  });
});

describe("GET /admin/mindmaps/analytics", () => {
  const SUMMARY = "/api/v1/admin/mindmaps/analytics";

  async function addSessions(
    viewType: string,
    sessions: [duration: number, nodes: number, timestamps: number][],
    options: { daysAgo?: number; eventType?: string } = {},
  ) {
    for (const [duration, nodes, timestamps] of sessions) {
      await query(
        `insert into mindmap_analytics (episode_id, event_type, view_type, metadata, created_at)
         values ($1, $2, $3, $4, now() - make_interval(days => $5))`,
        [
          episodeId,
          options.eventType ?? "mindmap_session_duration",
          viewType,
          JSON.stringify({
            duration_seconds: duration,
            nodes_explored: nodes,
            timestamps_clicked: timestamps,
          }),
          options.daysAgo ?? 1,
        ],
      );
    }
  }

  it("needs an admin", async () => {
    const anonymous = await server.client().get(SUMMARY);
    expect(anonymous.status).toBe(401);
    const notAdmin = await user.get(SUMMARY);
    expect(notAdmin.status).toBe(403);
  });

  it("summarises the last 30 days per view type and names the winner", async () => {
    await query("delete from mindmap_analytics");
    await addSessions("tree", [
      [100, 4, 1],
      [200, 6, 2],
    ]);
    await addSessions("radial", [
      [200, 6, 0],
      [300, 7, 0],
      [400, 9, 4],
    ]);
    // Outside the window, or another event type: not counted.
    await addSessions("tree", [[99_999, 999, 999]], { daysAgo: 31 });
    await addSessions("radial", [[1, 1, 1]], { eventType: "mindmap_view" });

    const started = Date.now();
    const response = await admin.get(SUMMARY);
    expect(response.status, response.text).toBe(200);
    expect(response.data.views).toEqual([
      {
        viewType: "tree",
        sessions: 2,
        averageDurationSeconds: 150,
        averageNodesExplored: 5,
        averageTimestampsClicked: 1.5,
      },
      {
        viewType: "radial",
        sessions: 3,
        averageDurationSeconds: 300,
        averageNodesExplored: 7.33,
        averageTimestampsClicked: 1.33,
      },
      {
        viewType: "graph",
        sessions: 0,
        averageDurationSeconds: 0,
        averageNodesExplored: 0,
        averageTimestampsClicked: 0,
      },
    ]);
    expect(response.data.winner).toBe("radial");
    const since = Date.parse(response.data.since);
    expect(Math.abs(started - 30 * 86_400_000 - since)).toBeLessThan(60_000);
  });

  it("gives tree when both its averages are higher, and a tie when they disagree", async () => {
    await addSessions("tree", [[3000, 50, 0]]); // tree: 3 sessions, 1100 s, 20 nodes
    expect((await admin.get(SUMMARY)).data.winner).toBe("tree");
    await addSessions("radial", [[10_000, 0, 0]]); // radial: 4 sessions, 2725 s, 5.5 nodes
    expect((await admin.get(SUMMARY)).data.winner).toBe("tie");
  });
});
