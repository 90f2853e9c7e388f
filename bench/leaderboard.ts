import { type ChildProcess, spawn } from "node:child_process";
import { parseArgs } from "node:util";
// @ts-expect-error autocannon ships no type declarations.
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { withDatabase } from "../scripts/with-database.ts";
import { weekStart } from "../src/domain/calendar.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { getFreePort } from "../src/server/db/embedded.ts";
import { API_NODE_FLAGS } from "./support/api-node-flags.ts";

/**
 * `npm run bench:leaderboard [-- --players 1000000 --connections 10 --duration 20 --sequential 500]`
 * (decision 021; `--all-time-only` skips the weekly tab, `--profile DIR` runs the server with
 * `--cpu-prof` into DIR). The players stay in the database: a second run with the same DATA_DIR (or
 * DATABASE_URL) reuses them and only adds its 40 viewers.
 *
 * It fills the database (DATABASE_URL, else the embedded one under DATA_DIR) with N synthetic players —
 * users and profiles inserted by generate_series in batches, with a skewed XP (30 % at 0, most of
 * the rest low, a long tail up to 20,000) and a weekly entry for a fifth of them — then starts the
 * server in its own process and measures over HTTP with autocannon:
 * - GET /api/v1/leaderboard/all-time (top 100 + your rank) as 40 signed-in players spread over the
 *   whole XP range (each request is a different player);
 * - GET /api/v1/leaderboard/week (top 100 of the week + your rank) as the same players;
 * - a reference: a bare Hono + pg server (bench/leaderboard-reference.ts) answering a profile by
 *   primary key, the cheapest request the same machine and data can serve.
 * Prints p50/p95/p99 of each and the ratio of each p95 to the reference's. Also prints the two
 * queries' own EXPLAIN ANALYZE times. Asserts nothing.
 */
const { values } = parseArgs({
  options: {
    players: { type: "string", default: "1000000" },
    connections: { type: "string", default: "10" },
    duration: { type: "string", default: "20" },
    batch: { type: "string", default: "100000" },
    // Runs the API server with `--cpu-prof` and writes its .cpuprofile into this directory on exit.
    profile: { type: "string" },
    // Measures only the all-time leaderboard (and the reference): quicker when iterating.
    "all-time-only": { type: "boolean", default: false },
    // Rounds of the one-request-at-a-time measurement (each round: one request of each kind).
    sequential: { type: "string", default: "500" },
  },
});
const PLAYERS = Number(values.players);
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const BATCH = Number(values.batch);
const PROFILE_DIR = values.profile;
const ALL_TIME_ONLY = values["all-time-only"];
const SEQUENTIAL = Number(values.sequential);
const VIEWERS = 40;
const EMAIL_DOMAIN = "bench-leaderboard.invalid";
const log = (line: string) => process.stdout.write(`${line}\n`);

type Database = ReturnType<typeof createDatabase>;

async function fill(db: Database) {
  const existing = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where email like ${`%@${EMAIL_DOMAIN}`}`,
  );
  const have = Number(existing.rows[0]?.n ?? 0);
  if (have >= PLAYERS) {
    log(`${have} benchmark players are already there.`);
    return;
  }
  log(`Inserting ${PLAYERS - have} players in batches of ${BATCH}…`);
  const started = performance.now();
  // The per-row profile trigger is switched off for the bulk load; profiles are inserted in the same
  // statement instead (their statement trigger fills leaderboard_xp_counts once per batch).
  await db.execute(sql`alter table users disable trigger users_create_profile`);
  try {
    for (let from = have + 1; from <= PLAYERS; from += BATCH) {
      const to = Math.min(PLAYERS, from + BATCH - 1);
      await db.execute(sql`
        with u as (
          insert into users (name, email)
          select 'Player ' || n, 'player-' || n || ${`@${EMAIL_DOMAIN}`}
          from generate_series(${from}::int, ${to}::int) n
          returning id, name
        )
        insert into profiles (user_id, name, xp, level)
        select id, name, xp, 1 + xp / 500
        from (
          select id, name,
            case when random() < 0.3 then 0 else 1 + floor(power(random(), 3) * 20000)::int end as xp
          from u
        ) s`);
      process.stdout.write(`\r  ${to} / ${PLAYERS}`);
    }
  } finally {
    await db.execute(sql`alter table users enable trigger users_create_profile`);
  }
  const week = weekStart(new Date(), "UTC");
  await db.execute(sql`
    insert into leaderboard_entries (user_id, type, week_start, score, quizzes_completed, average_accuracy)
    select p.user_id, 'weekly', ${week}::date, floor(random() * 2000)::int, 1 + floor(random() * 10)::int,
      round((random() * 100)::numeric, 1)
    from profiles p join users u on u.id = p.user_id
    where u.email like ${`%@${EMAIL_DOMAIN}`} and random() < 0.2
    on conflict do nothing`);
  log(`\n  filled in ${((performance.now() - started) / 1000).toFixed(0)} s; vacuum analyze…`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze profiles`);
  await db.execute(sql`vacuum analyze leaderboard_entries`);
  await db.execute(sql`vacuum analyze leaderboard_xp_counts`);
  await db.execute(sql`vacuum analyze leaderboard_xp_band_counts`);
}

function startChild(script: string, port: number, url: string, nodeArgs: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: new URL("..", import.meta.url).pathname,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      JOBS_IN_PROCESS: "false",
      INGEST_FEEDS: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    if (attempt > 600 || child.exitCode !== null) throw new Error(`${url} did not start.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

type Request = { method: "GET"; path: string; headers?: Record<string, string> };

async function run(name: string, base: string, requests: Request[]) {
  const latencies: number[] = [];
  let failures = 0;
  const instance = autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, requests });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) failures++;
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const p = {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
  const fmt = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  log(
    `${name.padEnd(26)} ${String(result.requests.total).padStart(7)} req ${String(Math.round(result.requests.average)).padStart(6)} req/s` +
      `  p50 ${fmt(p.p50)}  p95 ${fmt(p.p95)}  p99 ${fmt(p.p99)}  non-200 ${failures}`,
  );
  return p;
}

async function explainMs(db: Database, query: ReturnType<typeof sql>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const result = await db.execute<{ "QUERY PLAN": unknown }>(sql`explain (analyze, format json) ${query}`);
    const plan = result.rows[0]?.["QUERY PLAN"] as [{ "Execution Time": number }];
    times.push(plan[0]["Execution Time"]);
  }
  times.sort((a, b) => a - b);
  return `median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`;
}

async function explainAll(db: Database, lowest: string, middle: string, week: string) {
  log("\nThe queries alone (EXPLAIN ANALYZE, 21 runs):");
  log(
    `  all-time top 100     ${await explainMs(db, sql`select user_id, name, handle, avatar_url, level, xp from profiles order by xp desc nulls last, user_id limit 100`)}`,
  );
  log(
    `  all-time rank        ${await explainMs(db, sql`select 1 + coalesce((select sum(b.users) from leaderboard_xp_band_counts b where b.band > p.xp / 256), 0) + coalesce((select sum(c.users) from leaderboard_xp_counts c where c.xp > p.xp and c.xp < (p.xp / 256 + 1) * 256), 0) from profiles p where p.user_id = ${lowest}`)}  (a player at 0 XP)`,
  );
  log(
    `  weekly top 100       ${await explainMs(db, sql`select user_id, score from leaderboard_entries where type = 'weekly' and week_start = ${week}::date order by score desc nulls last, user_id limit 100`)}`,
  );
  log(
    `  weekly rank (middle) ${await explainMs(db, sql`select count(*) from leaderboard_entries o where o.type = 'weekly' and o.week_start = ${week}::date and o.score > (select score from leaderboard_entries where user_id = ${middle} and type = 'weekly' and week_start = ${week}::date)`)}`,
  );
  log(
    `  weekly rank (last)   ${await explainMs(db, sql`select count(*) from leaderboard_entries o where o.type = 'weekly' and o.week_start = ${week}::date and o.score > 0`)}  (every entry of the week ahead)`,
  );
}

const config = loadConfig();
await withDatabase(config, async (url) => {
  const db = createDatabase(url, { max: 2 });
  await migrateDatabase(db);
  await fill(db);

  const serverPort = await getFreePort();
  const referencePort = await getFreePort();
  const server = startChild("scripts/serve-api.ts", serverPort, url, [
    ...API_NODE_FLAGS,
    ...(PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR] : []),
  ]);
  const reference = startChild("bench/leaderboard-reference.ts", referencePort, url);
  const base = `http://127.0.0.1:${serverPort}`;
  const referenceBase = `http://127.0.0.1:${referencePort}`;
  try {
    await waitFor(`${base}/api/health`, server);
    await waitFor(`${referenceBase}/reference/00000000-0000-0000-0000-000000000000`, reference);

    // 40 signed-in viewers spread over the whole XP range (from the top to 0), each with a week entry.
    const viewers: { cookie: string; userId: string }[] = [];
    for (let i = 0; i < VIEWERS; i++) {
      const response = await fetch(`${base}/api/v1/auth/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: `Bench Viewer ${i}`,
          email: `viewer-${Date.now()}-${i}@${EMAIL_DOMAIN}`,
          password: "bench-password-1",
        }),
      });
      if (response.status !== 201)
        throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      const { user } = (await response.json()) as { user: { id: string } };
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      viewers.push({ cookie, userId: user.id });
    }
    const week = weekStart(new Date(), "UTC");
    for (const [i, viewer] of viewers.entries()) {
      const xp = Math.round(20000 * (i / (VIEWERS - 1)) ** 3);
      await db.execute(sql`update profiles set xp = ${xp} where user_id = ${viewer.userId}`);
      await db.execute(sql`
        insert into leaderboard_entries (user_id, type, week_start, score, quizzes_completed, average_accuracy)
        values (${viewer.userId}, 'weekly', ${week}::date, ${i * 50}, 1, 50)
        on conflict do nothing`);
    }

    const counts = await db.execute<{ profiles: number; week: number }>(sql`
      select (select count(*)::int from profiles) as profiles,
        (select count(*)::int from leaderboard_entries where type = 'weekly' and week_start = ${week}::date) as week`);
    log(`\n${counts.rows[0]?.profiles} profiles, ${counts.rows[0]?.week} weekly entries this week`);

    const middle = viewers[VIEWERS / 2]?.userId ?? "";
    if (!ALL_TIME_ONLY) await explainAll(db, viewers[0]?.userId ?? "", middle, week);

    const as = (path: string): Request[] =>
      viewers.map(({ cookie }) => ({ method: "GET", path, headers: { cookie } }));
    const referenceRequests: Request[] = viewers.map(({ userId }) => ({
      method: "GET",
      path: `/reference/${userId}`,
    }));

    // Warm-up: one pass of each.
    for (const request of [
      ...as("/api/v1/leaderboard/all-time"),
      ...(ALL_TIME_ONLY ? [] : as("/api/v1/leaderboard/week")),
    ])
      await fetch(`${base}${request.path}`, { headers: request.headers });

    // One request at a time: the latency a single visitor sees, without queueing behind the others.
    // The reference and the leaderboard requests take turns, so a burst of load from the machine's
    // other users hits them alike and the ratio stays fair.
    log(`\nOne request at a time (each viewer in turn, ${SEQUENTIAL} rounds, the kinds interleaved):`);
    const kinds = [
      { name: "reference (Hono + pg)", origin: referenceBase, requests: referenceRequests },
      { name: "all-time: top 100 + rank", origin: base, requests: as("/api/v1/leaderboard/all-time") },
      ...(ALL_TIME_ONLY
        ? []
        : [{ name: "week: top 100 + rank", origin: base, requests: as("/api/v1/leaderboard/week") }]),
    ];
    const times = kinds.map(() => [] as number[]);
    for (let i = 0; i < SEQUENTIAL; i++) {
      for (const [k, kind] of kinds.entries()) {
        const request = kind.requests[i % kind.requests.length] as Request;
        const started = performance.now();
        const response = await fetch(`${kind.origin}${request.path}`, { headers: request.headers ?? {} });
        await response.arrayBuffer();
        times[k]?.push(performance.now() - started);
      }
    }
    const p95s = times.map((list, k) => {
      list.sort((a, b) => a - b);
      log(
        `  ${(kinds[k]?.name ?? "").padEnd(26)} p50 ${percentile(list, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(list, 95).toFixed(1).padStart(6)} ms  p99 ${percentile(list, 99).toFixed(1).padStart(6)} ms`,
      );
      return percentile(list, 95);
    });
    const [refOne = Number.NaN, allTimeOne = Number.NaN, weekOne = Number.NaN] = p95s;
    log(
      `  p95 ratio to the reference: all-time ${(allTimeOne / refOne).toFixed(1)}x, week ${(weekOne / refOne).toFixed(1)}x`,
    );

    log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each, loopback, separate processes`);
    const ref = await run("reference (Hono + pg)", referenceBase, referenceRequests);
    const allTime = await run("all-time: top 100 + rank", base, as("/api/v1/leaderboard/all-time"));
    const weekly = ALL_TIME_ONLY
      ? { p95: Number.NaN }
      : await run("week: top 100 + rank", base, as("/api/v1/leaderboard/week"));
    log(
      `\np95 ratio to the reference: all-time ${(allTime.p95 / ref.p95).toFixed(1)}x, week ${(weekly.p95 / ref.p95).toFixed(1)}x`,
    );
  } finally {
    await Promise.all([stop(server), stop(reference)]);
    await db.$client.end();
  }
});
