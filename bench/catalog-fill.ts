import { parseArgs } from "node:util";
import pg from "pg";
import { withDatabase } from "../scripts/with-database.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { RECENT_TIER_SIZE } from "../src/server/services/catalog/discovery.ts";
import { setTriggers, triggersByPrefix } from "./support/ingest.ts";

/**
 * `npm run bench:catalog -- --episodes N [--reset]`: fills a database (DATABASE_URL, else the
 * embedded one under DATA_DIR) with N synthetic episodes in N/200 podcasts, for the search
 * benchmarks. Rows are generated inside PostgreSQL (INSERT … SELECT FROM generate_series) from word
 * lists, so full-text search sees a realistic, skewed vocabulary; ~95 % are ready, all have images,
 * every episode is linked to its guest, and half have a four-sentence timed transcript that also
 * names someone only said there (transcript search). The secondary indexes of episodes,
 * episode_search, episode_transcript_lines and episode_guests are dropped during the load and rebuilt
 * afterwards (their definitions are read from pg_indexes, so they are exactly the schema's); the
 * search rows and transcript lines are copied in one statement each instead of by the per-row sync
 * triggers.
 */
const { values } = parseArgs({
  options: {
    episodes: { type: "string", default: "100000" },
    reset: { type: "boolean", default: false },
    batch: { type: "string", default: "25000" },
    parallel: { type: "string", default: "2" },
  },
});
const TOTAL = Number(values.episodes);
const BATCH = Number(values.batch);
const PARALLEL = Math.max(1, Number(values.parallel));
if (!Number.isInteger(TOTAL) || TOTAL < 1) throw new Error("--episodes must be a positive whole number");
const PODCASTS = Math.max(1, Math.round(TOTAL / 200));
const GUID_PREFIX = "bench-";

// Subjects, each with its own words: the subject of an episode is drawn with a skew (a few subjects
// are very common, most are rare), like a real catalog.
const subjects: [string, string[]][] = [
  [
    "artificial intelligence",
    [
      "language models",
      "neural networks",
      "alignment",
      "agents",
      "chatbots",
      "training data",
      "inference",
      "benchmarks",
      "hallucination",
      "robotics",
    ],
  ],
  [
    "investing",
    [
      "index funds",
      "compound interest",
      "bonds",
      "valuation",
      "dividends",
      "risk",
      "portfolios",
      "inflation",
      "retirement",
      "markets",
    ],
  ],
  [
    "health",
    [
      "sleep",
      "nutrition",
      "exercise",
      "longevity",
      "metabolism",
      "stress",
      "microbiome",
      "fasting",
      "hormones",
      "recovery",
    ],
  ],
  [
    "history",
    [
      "empires",
      "revolutions",
      "ancient rome",
      "the silk road",
      "world war",
      "medieval europe",
      "archaeology",
      "dynasties",
      "trade routes",
      "colonialism",
    ],
  ],
  [
    "startups",
    [
      "fundraising",
      "product market fit",
      "hiring",
      "founders",
      "pricing",
      "growth",
      "venture capital",
      "burnout",
      "pivots",
      "go to market",
    ],
  ],
  [
    "psychology",
    [
      "habits",
      "motivation",
      "memory",
      "decision making",
      "cognitive bias",
      "attention",
      "emotions",
      "willpower",
      "learning",
      "happiness",
    ],
  ],
  [
    "climate",
    [
      "carbon capture",
      "renewables",
      "batteries",
      "heat pumps",
      "wildfires",
      "oceans",
      "emissions",
      "solar power",
      "adaptation",
      "biodiversity",
    ],
  ],
  [
    "philosophy",
    [
      "ethics",
      "stoicism",
      "free will",
      "consciousness",
      "meaning",
      "virtue",
      "existentialism",
      "logic",
      "justice",
      "identity",
    ],
  ],
  [
    "science",
    [
      "quantum physics",
      "black holes",
      "evolution",
      "genetics",
      "vaccines",
      "chemistry",
      "telescopes",
      "particle physics",
      "neuroscience",
      "mathematics",
    ],
  ],
  [
    "leadership",
    [
      "management",
      "culture",
      "feedback",
      "strategy",
      "negotiation",
      "teams",
      "delegation",
      "trust",
      "meetings",
      "remote work",
    ],
  ],
  [
    "economics",
    [
      "supply chains",
      "interest rates",
      "central banks",
      "labour markets",
      "inequality",
      "trade",
      "productivity",
      "housing",
      "taxes",
      "recessions",
    ],
  ],
  [
    "technology",
    [
      "semiconductors",
      "cloud computing",
      "open source",
      "privacy",
      "cybersecurity",
      "databases",
      "programming",
      "smartphones",
      "the internet",
      "encryption",
    ],
  ],
  [
    "creativity",
    [
      "writing",
      "music",
      "design",
      "storytelling",
      "photography",
      "film",
      "comedy",
      "painting",
      "architecture",
      "craft",
    ],
  ],
  [
    "sports",
    [
      "marathon running",
      "football",
      "coaching",
      "athletes",
      "training plans",
      "cycling",
      "tennis",
      "swimming",
      "performance",
      "injuries",
    ],
  ],
  [
    "parenting",
    [
      "toddlers",
      "teenagers",
      "screen time",
      "education",
      "play",
      "discipline",
      "sleep training",
      "siblings",
      "schools",
      "curiosity",
    ],
  ],
  [
    "food",
    [
      "fermentation",
      "baking",
      "restaurants",
      "coffee",
      "wine",
      "agriculture",
      "cooking",
      "spices",
      "street food",
      "chefs",
    ],
  ],
  [
    "space",
    [
      "mars",
      "rockets",
      "satellites",
      "the moon",
      "astronauts",
      "exoplanets",
      "space stations",
      "asteroids",
      "launches",
      "orbit",
    ],
  ],
  [
    "politics",
    [
      "elections",
      "democracy",
      "policy",
      "diplomacy",
      "populism",
      "regulation",
      "campaigns",
      "courts",
      "media",
      "geopolitics",
    ],
  ],
  [
    "relationships",
    [
      "friendship",
      "marriage",
      "loneliness",
      "communication",
      "conflict",
      "dating",
      "family",
      "empathy",
      "boundaries",
      "community",
    ],
  ],
  [
    "travel",
    [
      "backpacking",
      "cities",
      "islands",
      "languages",
      "rail journeys",
      "mountains",
      "culture shock",
      "deserts",
      "road trips",
      "hiking",
    ],
  ],
  [
    "education",
    [
      "universities",
      "online courses",
      "teachers",
      "exams",
      "reading",
      "curriculum",
      "spaced repetition",
      "tutoring",
      "literacy",
      "homework",
    ],
  ],
  [
    "law",
    [
      "contracts",
      "copyright",
      "patents",
      "privacy law",
      "antitrust",
      "juries",
      "human rights",
      "constitution",
      "prisons",
      "evidence",
    ],
  ],
  [
    "energy",
    [
      "nuclear power",
      "oil",
      "natural gas",
      "hydrogen",
      "grids",
      "wind farms",
      "efficiency",
      "fusion",
      "storage",
      "pipelines",
    ],
  ],
  [
    "urbanism",
    [
      "public transport",
      "cycling lanes",
      "zoning",
      "walkable cities",
      "parks",
      "housing density",
      "traffic",
      "bridges",
      "suburbs",
      "noise",
    ],
  ],
  [
    "media",
    [
      "journalism",
      "podcasting",
      "newsletters",
      "social networks",
      "advertising",
      "misinformation",
      "streaming",
      "publishing",
      "creators",
      "audiences",
    ],
  ],
  [
    "medicine",
    [
      "surgery",
      "antibiotics",
      "cancer research",
      "clinical trials",
      "pandemics",
      "hospitals",
      "diagnosis",
      "mental health",
      "anaesthesia",
      "pharmacology",
    ],
  ],
  [
    "ocean",
    [
      "coral reefs",
      "whales",
      "fisheries",
      "deep sea",
      "tides",
      "plastic",
      "shipping",
      "sharks",
      "kelp forests",
      "submarines",
    ],
  ],
  [
    "mathematics",
    [
      "prime numbers",
      "probability",
      "statistics",
      "geometry",
      "infinity",
      "game theory",
      "algorithms",
      "cryptography",
      "topology",
      "proofs",
    ],
  ],
];
const adjectives = [
  "hidden",
  "surprising",
  "quiet",
  "radical",
  "practical",
  "forgotten",
  "unexpected",
  "real",
  "simple",
  "strange",
  "modern",
  "ancient",
  "invisible",
  "curious",
  "brilliant",
  "dangerous",
  "beautiful",
  "slow",
  "fast",
  "tiny",
];
const nouns = [
  "cost",
  "logic",
  "history",
  "future",
  "science",
  "economics",
  "psychology",
  "art",
  "power",
  "promise",
  "myth",
  "limits",
  "rise",
  "fall",
  "case",
  "origins",
  "rules",
  "secrets",
  "paradox",
  "craft",
];
const firstNames = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kemi",
  "Liam",
  "Maya",
  "Noor",
  "Oscar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tomas",
  "Uma",
  "Viktor",
  "Wen",
  "Ximena",
  "Yusuf",
  "Zara",
];
const lastNames = [
  "Okafor",
  "Lind",
  "Nakamura",
  "Garcia",
  "Schmidt",
  "Haddad",
  "Kowalski",
  "Mensah",
  "Rossi",
  "Novak",
  "Fischer",
  "Silva",
  "Chen",
  "Patel",
  "Dubois",
  "Andersson",
  "Moreau",
  "Khan",
  "Costa",
  "Jensen",
];
// Names said in transcripts only (never in titles, summaries or topics), drawn with a skew: they
// exercise transcript search with common and rare spoken words.
const spokenNames = [
  "Ebbinghaus",
  "Kahneman",
  "Tversky",
  "Feynman",
  "Lovelace",
  "Noether",
  "Ramanujan",
  "Pasteur",
  "Mendel",
  "Faraday",
  "Hypatia",
  "Keynes",
  "Schumpeter",
  "Ostrom",
  "Arendt",
  "Wittgenstein",
  "Spinoza",
  "Epictetus",
  "Montaigne",
  "Humboldt",
  "Copernicus",
  "Tesla",
  "Hopper",
  "Dijkstra",
  "Shannon",
  "Lamarck",
  "Linnaeus",
  "Avicenna",
  "Alhazen",
  "Fibonacci",
  "Galton",
  "Pavlov",
  "Skinner",
  "Piaget",
  "Vygotsky",
  "Montessori",
  "Maslow",
  "Festinger",
  "Milgram",
  "Zimbardo",
  "Bandura",
  "Dweck",
  "Csikszentmihalyi",
  "Ericsson",
  "Seligman",
  "Sapolsky",
  "Goodall",
  "Attenborough",
  "Carson",
  "Leopold",
  "Meadows",
  "Malthus",
  "Ricardo",
  "Pigou",
  "Veblen",
  "Polanyi",
  "Braudel",
  "Gibbon",
  "Herodotus",
  "Thucydides",
];
const showWords = [
  "Signal",
  "Deep",
  "Long",
  "Curious",
  "Open",
  "Bright",
  "Quiet",
  "Bold",
  "Wild",
  "Clear",
  "Slow",
  "Big",
  "Small",
  "Hidden",
  "Modern",
];
const showNouns = [
  "Minds",
  "Questions",
  "Hour",
  "Lab",
  "Notes",
  "Conversations",
  "Frontier",
  "Signals",
  "Ideas",
  "Matters",
  "Worlds",
  "Stories",
  "Edges",
  "Room",
  "Table",
];
const showKinds = ["Podcast", "Show", "Radio", "Sessions", "Talks", "Cast"];
const covers = [
  "/demo/covers/signal-and-noise.svg",
  "/demo/covers/compound-interest.svg",
  "/demo/covers/the-long-view.svg",
];

const subjectNames = subjects.map(([name]) => name);
// Flattened: subject i owns keywords[i*10 .. i*10+9].
const keywords = subjects.flatMap(([, words]) => words);
const KEYWORDS_PER_SUBJECT = 10;

const pick = (array: string) => `(${array})[1 + floor(random() * array_length(${array}, 1))::int]`;
// A skewed subject index (1-based): the square of a uniform draw favours the first subjects.
const SKEWED_SUBJECT = `(1 + floor(power(random(), 2.2) * ${subjects.length})::int)`;

/** One batch of episodes [from, to], generated entirely inside PostgreSQL. */
const insertBatchSql = `
with params as (
  select $1::text[] as subjects, $2::text[] as keywords, $3::text[] as adjectives, $4::text[] as nouns,
         $5::text[] as firsts, $6::text[] as lasts, $7::uuid[] as podcast_ids, $8::text[] as covers,
         $11::text[] as spoken
), rows as (
  select g, ${SKEWED_SUBJECT} as s, ${SKEWED_SUBJECT} as s2, random() as r,
         now() - random() * interval '3650 days' as pub, params.*
  from generate_series($9::int, $10::int) g, params
), words as (
  select g, r, pub, podcast_ids, covers, subjects[s] as subject, subjects[s2] as subject2,
    keywords[(s - 1) * ${KEYWORDS_PER_SUBJECT} + 1 + floor(random() * ${KEYWORDS_PER_SUBJECT})::int] as k1,
    keywords[(s - 1) * ${KEYWORDS_PER_SUBJECT} + 1 + floor(random() * ${KEYWORDS_PER_SUBJECT})::int] as k2,
    keywords[(s2 - 1) * ${KEYWORDS_PER_SUBJECT} + 1 + floor(random() * ${KEYWORDS_PER_SUBJECT})::int] as k3,
    ${pick("adjectives")} as adj, ${pick("nouns")} as noun,
    ${pick("firsts")} || ' ' || ${pick("lasts")} as guest,
    spoken[1 + floor(power(random(), 2.5) * array_length(spoken, 1))::int] as spoken_name,
    5 + random() * 20 as gap
  from rows
)
insert into episodes (podcast_id, title, summary, topics, audio_url, image_url, duration, pub_date,
                      published_at, guid, enclosure_key, ready, quiz_status, transcript_segments)
select
  podcast_ids[1 + (g % array_length(podcast_ids, 1))],
  case (g % 7)
    when 0 then initcap(k1) || ' and the Future of ' || initcap(k2)
    when 1 then 'The ' || initcap(adj) || ' ' || initcap(noun) || ' of ' || initcap(k1)
    when 2 then guest || ' on ' || initcap(k1) || ', ' || initcap(k3) || ' and ' || initcap(subject)
    when 3 then 'Why ' || initcap(k1) || ' Matters More Than You Think'
    when 4 then '#' || (g % 500 + 1) || ': ' || initcap(k2) || ' with ' || guest
    when 5 then 'How to Think About ' || initcap(k1)
    else initcap(subject) || ' Explained: ' || initcap(k2)
  end,
  guest || ' joins us to talk about ' || k1 || ' and ' || k2 || ', and why the ' || adj || ' ' || noun ||
    ' of ' || subject || ' is easy to miss. We cover ' || k3 || ', what ' || subject2 ||
    ' can teach us, and the one idea about ' || k2 || ' worth remembering this week.',
  array[initcap(subject), initcap(k1), initcap(subject2)],
  -- ~5 % without audio: the readiness trigger (migration 0006) then keeps them unready.
  case when r < 0.95 then 'https://cdn.bench.example/' || (g % array_length(podcast_ids, 1)) || '/' || g || '.mp3' end,
  covers[1 + (g % array_length(covers, 1))],
  600 + floor(r * 6600)::int,
  pub,
  pub,
  '${GUID_PREFIX}' || g,
  case when r < 0.95 then 'cdn.bench.example/' || (g % array_length(podcast_ids, 1)) || '/' || g || '.mp3' end,
  r < 0.95,
  case when r < 0.3 then 'complete' else 'none' end,
  -- About half have a transcript: a few timed sentences in the episode's own words, one of them
  -- naming someone the title and summary never mention.
  case when g % 2 = 0 then jsonb_build_array(
    jsonb_build_object('start', 0.5, 'end', gap, 'text',
      'Welcome back. Today ' || guest || ' is here to talk about ' || k1 || '.'),
    jsonb_build_object('start', gap + 0.3, 'end', gap * 2, 'text',
      'Most people think ' || k2 || ' is ' || adj || ', but the ' || noun || ' of ' || subject || ' says otherwise.'),
    jsonb_build_object('start', gap * 2 + 0.3, 'end', gap * 3, 'text',
      'I first read about it in a book on ' || spoken_name || ', who thought about ' || k3 || ' for years.'),
    jsonb_build_object('start', gap * 3 + 0.3, 'end', gap * 4, 'text',
      'So if you remember one thing about ' || k1 || ', remember that it takes time.')
  ) end
from words`;

const config = loadConfig();

await withDatabase(config, async (url) => {
  const db = createDatabase(url, { max: 2 });
  await migrateDatabase(db);
  await db.$client.end();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const log = (message: string) => process.stdout.write(`[${elapsed()}] ${message}\n`);

  try {
    const existing = await client.query<{ count: string }>(
      `select count(*) from episodes where guid like '${GUID_PREFIX}%'`,
    );
    const existingCount = Number(existing.rows[0]?.count ?? 0);
    if (existingCount > 0 && !values.reset) {
      log(`${existingCount} benchmark episodes are already there; pass --reset to replace them.`);
      return;
    }
    if (existingCount > 0) {
      log(`removing ${existingCount} earlier benchmark episodes`);
      // Dropped with their episodes, without the per-row search refresh of the link trigger.
      const linkTriggers = await triggersByPrefix(client, ["episode_guests_sync_search"]);
      await setTriggers(client, linkTriggers, false);
      await client.query(`delete from podcasts where podcast_guid like '${GUID_PREFIX}%'`);
      await setTriggers(client, linkTriggers, true);
    }

    log(`creating ${PODCASTS} podcasts`);
    const inserted = await client.query<{ id: string }>(
      `insert into podcasts (name, source_type, cover_url, description, author, podcast_guid)
       select ($1::text[])[1 + (g % array_length($1::text[], 1))] || ' ' ||
              ($2::text[])[1 + ((g / 15) % array_length($2::text[], 1))] || ' ' ||
              ($3::text[])[1 + ((g / 225) % array_length($3::text[], 1))] ||
              case when g >= 1350 then ' ' || (g / 1350 + 1) else '' end,
              'manual',
              ($4::text[])[1 + (g % array_length($4::text[], 1))],
              'Conversations about ' || ($5::text[])[1 + (g % array_length($5::text[], 1))] || '.',
              'Bench Studio',
              '${GUID_PREFIX}' || g
       from generate_series(0, $6::int - 1) g
       returning id`,
      [showWords, showNouns, showKinds, covers, subjectNames, PODCASTS],
    );
    const podcastIds = inserted.rows.map((row) => row.id);

    // Secondary indexes are rebuilt after the load (much faster than maintaining them).
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public'
         and i.tablename in ('episodes', 'episode_search', 'episode_transcript_lines', 'episode_guests')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    // The sync triggers' work is done in a few statements after the load; the recent tier (decision
    // 040, third round) is filled once at the end, not row by row. Found before anything is dropped.
    const loadTriggers = await triggersByPrefix(client, [
      "episodes_sync_search",
      "episodes_sync_transcript_lines",
      "episode_guests_sync_search",
      "episode_search_sync_recent",
    ]);
    await setTriggers(client, loadTriggers, false);
    log(`dropping ${indexes.rows.length} secondary indexes for the load`);
    for (const { indexname } of indexes.rows) await client.query(`drop index if exists "${indexname}"`);

    try {
      const batches: [number, number][] = [];
      for (let from = 1; from <= TOTAL; from += BATCH)
        batches.push([from, Math.min(TOTAL, from + BATCH - 1)]);
      let done = 0;
      const workers = await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          const worker = new pg.Client({ connectionString: url });
          await worker.connect();
          await worker.query("set synchronous_commit = off");
          return worker;
        }),
      );
      await Promise.all(
        workers.map(async (worker) => {
          for (let batch = batches.shift(); batch; batch = batches.shift()) {
            await worker.query(insertBatchSql, [
              subjectNames,
              keywords,
              adjectives,
              nouns,
              firstNames,
              lastNames,
              podcastIds,
              covers,
              batch[0],
              batch[1],
              spokenNames,
            ]);
            done += batch[1] - batch[0] + 1;
            if (done % (BATCH * 8) === 0 || done === TOTAL) log(`${done} / ${TOTAL} episodes`);
          }
          await worker.end();
        }),
      );
      log("linking guests");
      await client.query(
        `insert into guests (name)
         select f || ' ' || l from unnest($1::text[]) f, unnest($2::text[]) l
         where not exists (select 1 from guests g where g.name = f || ' ' || l)`,
        [firstNames, lastNames],
      );
      await client.query(
        `insert into episode_guests (episode_id, guest_id)
         select e.id, g.id from episodes e
         join (select distinct on (name) id, name from guests order by name, id) g
           on g.name = split_part(e.summary, ' joins us', 1)
         where e.guid like '${GUID_PREFIX}%'`,
      );
      // The sync triggers' work in three statements: the search document (the guest's name is in
      // the summary already, so only the podcast's name is added) and the transcript lines.
      log("copying the search rows");
      await client.query(
        `insert into episode_search (episode_id, podcast_id, pub_date, title, search_vector)
         select e.id, e.podcast_id, e.pub_date, e.title,
                e.search_vector || setweight(to_tsvector('english', p.name), 'D')
         from episodes e join podcasts p on p.id = e.podcast_id
         where e.ready and e.guid like '${GUID_PREFIX}%'`,
      );
      log("copying the transcript lines");
      await client.query(
        `insert into episode_transcript_lines (episode_id, line, start_seconds, text)
         select e.id, s.n, (s.segment->>'start')::real, s.segment->>'text'
         from episodes e cross join lateral jsonb_array_elements(e.transcript_segments) with ordinality s(segment, n)
         where e.transcript_segments is not null and e.guid like '${GUID_PREFIX}%'`,
      );
    } finally {
      await setTriggers(client, loadTriggers, true);
      log("rebuilding indexes");
      await client.query("set maintenance_work_mem = '512MB'");
      await client.query("set max_parallel_maintenance_workers = 2");
      for (const { indexname, indexdef } of indexes.rows) {
        const t0 = performance.now();
        await client.query(indexdef.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
        log(`  ${indexname} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      }
    }
    log("filling the recent search tier");
    await client.query("update episode_search_recent_bound set since = 'infinity'");
    await client.query("delete from episode_search_recent");
    await client.query(`select episode_search_recent_trim(${RECENT_TIER_SIZE})`);
    // What the hourly maintenance does next: the tier's word counts (decision 053).
    await client.query("select search_word_counts_refresh()");
    log("vacuum analyze");
    await client.query("vacuum (analyze) episodes");
    await client.query("vacuum (analyze) episode_search");
    await client.query("vacuum (analyze) podcasts");
    await client.query("vacuum (analyze) episode_transcript_lines");
    await client.query("vacuum (analyze) episode_guests");
    await client.query("vacuum (analyze) episode_search_recent");
    await client.query("vacuum (analyze) guests");
    const size = await client.query<{ size: string; lines: string; database: string }>(
      `select pg_size_pretty(pg_total_relation_size('episodes')) as size,
              pg_size_pretty(pg_total_relation_size('episode_transcript_lines')) as lines,
              pg_size_pretty(pg_database_size(current_database())) as database`,
    );
    log(
      `done: ${TOTAL} episodes in ${PODCASTS} podcasts; with indexes: episodes ${size.rows[0]?.size}, ` +
        `transcript lines ${size.rows[0]?.lines}, whole database ${size.rows[0]?.database}`,
    );
  } finally {
    await client.end();
  }
});
