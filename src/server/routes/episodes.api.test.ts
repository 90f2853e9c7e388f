import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

let server: TestServer;
let user: SignedInClient;
let podcastId: string;
let manualPodcastId: string;
let episodeId: string;
let bareEpisodeId: string;
let olderEpisodeId: string;
let guestId: string;
let hostId: string;

const MISSING = "00000000-0000-4000-8000-000000000000";
const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  user = await server.signUp();
  podcastId = (
    await query(
      `insert into podcasts (name, feed_url, cover_url) values ('Signal & "Noise"', 'https://feeds.example/sn.xml', '/demo/covers/sn.svg') returning id`,
    )
  ).rows[0].id;
  manualPodcastId = (
    await query("insert into podcasts (name, source_type) values ('Manual', 'manual') returning id")
  ).rows[0].id;

  episodeId = (
    await query(
      `insert into episodes (podcast_id, title, summary, audio_url, image_url, duration, pub_date, topics,
         insights, key_insights, transcript_text, transcript_segments, show_notes)
       values ($1, $2, $3, 'https://cdn.example/a.mp3', null, 3725, '2026-03-04T10:00:00Z', '{AI,Chips}',
         $4, '{"A legacy point"}', 'Hello there. General Kenobi.', $5, $6)
       returning id`,
      [
        podcastId,
        `Chips <script>alert("x")</script> & "quotes"`,
        "Who makes the chips, and why it matters.",
        JSON.stringify([
          { key_point: "Seconds timecode", timecode: 65 },
          { key_point: "Legacy timecode", timecode: "1:02:03" },
          { key_point: "No timecode" },
          { key_point: "   " },
        ]),
        JSON.stringify([
          { start: 0, end: 2.5, text: "Hello there.", speaker: "Mira Okafor" },
          { start: 2.5, end: 4, text: "General Kenobi." },
        ]),
        JSON.stringify([
          { url: "https://en.wikipedia.org/wiki/ASML", label: "ASML" },
          { url: "https://example.org/only-in-notes", label: "Only in notes" },
        ]),
      ],
    )
  ).rows[0].id;
  await query(
    `insert into episode_links (episode_id, url, title, category)
     values ($1, 'https://en.wikipedia.org/wiki/ASML', 'ASML', 'show_notes')`,
    [episodeId],
  );
  await query(
    `insert into episode_chapters (episode_id, start_time, title)
     values ($1, 120, 'Second'), ($1, 0, 'Intro'), ($1, 3601, 'Late')`,
    [episodeId],
  );
  olderEpisodeId = (
    await query(
      `insert into episodes (podcast_id, title, summary, audio_url, pub_date)
       values ($1, 'Older episode', 'Older.', 'https://cdn.example/b.mp3', '2025-01-01T00:00:00Z') returning id`,
      [podcastId],
    )
  ).rows[0].id;
  bareEpisodeId = (
    await query(
      `insert into episodes (podcast_id, title, youtube_url) values ($1, 'Bare video', 'https://youtu.be/dQw4w9WgXcQ') returning id`,
      [manualPodcastId],
    )
  ).rows[0].id;

  guestId = (
    await query(
      `insert into guests (name, bio, avatar_url, website_url, twitter_handle, linkedin_url)
       values ('Lena Hartmann', 'Supply chains.', '/demo/people/lena.svg', 'https://lena.example', 'lena', 'https://linkedin.com/in/lena')
       returning id`,
    )
  ).rows[0].id;
  hostId = (await query("insert into hosts (name) values ('Mira Okafor') returning id")).rows[0].id;
  await query("insert into episode_guests (episode_id, guest_id) values ($1, $3), ($2, $3)", [
    episodeId,
    olderEpisodeId,
    guestId,
  ]);
  await query("insert into episode_hosts (episode_id, host_id) values ($1, $2)", [episodeId, hostId]);
});
afterAll(() => server.stop());

describe("GET /api/v1/episodes/{id}", () => {
  it("answers the episode with podcast, chapters, links, people, insights and tab counts", async () => {
    const response = await server.client().get(`/api/v1/episodes/${episodeId}`);
    expect(response.status).toBe(200);
    const episode = response.data;
    expect(episode).toMatchObject({
      id: episodeId,
      title: `Chips <script>alert("x")</script> & "quotes"`,
      summary: "Who makes the chips, and why it matters.",
      audioUrl: "https://cdn.example/a.mp3",
      imageUrl: "/demo/covers/sn.svg",
      duration: 3725,
      pubDate: "2026-03-04T10:00:00.000Z",
      topics: ["AI", "Chips"],
      keyInsights: ["A legacy point"],
      hasTranscript: true,
      transcription: { source: "feed", state: null, isServiceConfigured: false },
      podcast: { id: podcastId, name: 'Signal & "Noise"', coverUrl: "/demo/covers/sn.svg" },
    });
    expect(episode.insights).toEqual([
      { keyPoint: "Seconds timecode", timecode: 65 },
      { keyPoint: "Legacy timecode", timecode: 3723 },
      { keyPoint: "No timecode", timecode: null },
    ]);
    expect(episode).not.toHaveProperty("transcriptText");
    expect(episode).not.toHaveProperty("transcriptSegments");
    expect(episode.chapters).toEqual([
      { startTime: 0, title: "Intro" },
      { startTime: 120, title: "Second" },
      { startTime: 3601, title: "Late" },
    ]);
    expect(episode.links).toEqual([
      { url: "https://en.wikipedia.org/wiki/ASML", title: "ASML", category: "show_notes" },
      { url: "https://example.org/only-in-notes", title: "Only in notes", category: "show_notes" },
    ]);
    expect(episode.guests).toMatchObject([{ id: guestId, name: "Lena Hartmann", twitterHandle: "lena" }]);
    expect(episode.hosts).toMatchObject([{ id: hostId, name: "Mira Okafor" }]);
    expect(episode.counts).toEqual({ people: 2, chapters: 3, links: 2, transcriptSegments: 2 });
  });

  it("answers an episode without details with empty lists", async () => {
    const response = await server.client().get(`/api/v1/episodes/${bareEpisodeId}`);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      hasTranscript: false,
      transcription: { source: null },
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      guests: [],
      hosts: [],
      chapters: [],
      links: [],
      insights: [],
      keyInsights: [],
      counts: { people: 0, chapters: 0, links: 0, transcriptSegments: 0 },
    });
  });

  it("keeps a 1-hour episode's detail under 20 KB: the transcript has its own endpoint", async () => {
    // ~9,000 words of speech in 5-second segments, as a feed's or the transcription service's would be.
    const segments = Array.from({ length: 720 }, (_, index) => ({
      start: index * 5,
      end: index * 5 + 5,
      text: `Line ${index}: spaced repetition works because memories decay and each well-timed retrieval resets the curve.`,
      speaker: index % 2 ? "Mira Okafor" : "Lena Hartmann",
    }));
    const text = segments.map((segment) => segment.text).join("\n");
    const id = (
      await query(
        `insert into episodes (podcast_id, title, summary, audio_url, duration, transcript_text, transcript_segments)
         values ($1, 'One hour', 'An hour of talk.', 'https://cdn.example/h.mp3', 3600, $2, $3) returning id`,
        [podcastId, text, JSON.stringify(segments)],
      )
    ).rows[0].id;
    const hourGuest = (
      await query("insert into guests (name, bio) values ('Ada Long', 'Memory research.') returning id")
    ).rows[0].id;
    await query("insert into episode_guests (episode_id, guest_id) values ($1, $2)", [id, hourGuest]);

    const detail = await server.client().get(`/api/v1/episodes/${id}`);
    expect(detail.status).toBe(200);
    expect(Buffer.byteLength(detail.text)).toBeLessThanOrEqual(20 * 1024);
    expect(detail.data).toMatchObject({
      hasTranscript: true,
      counts: { transcriptSegments: 720, people: 1 },
    });

    const transcript = await server.client().get(`/api/v1/episodes/${id}/transcript`);
    expect(transcript.status).toBe(200);
    expect(Buffer.byteLength(transcript.text)).toBeGreaterThan(100 * 1024);
    expect(transcript.data.text).toBe(text);
    expect(transcript.data.segments).toHaveLength(720);
  });

  it("answers 404 'Episode not found' for an unknown id and 400 for a malformed one", async () => {
    const missing = await server.client().get(`/api/v1/episodes/${MISSING}`);
    expect(missing.status).toBe(404);
    expect(missing.data.error).toEqual({ code: "NOT_FOUND", message: "Episode not found" });
    expect((await server.client().get("/api/v1/episodes/123")).status).toBe(400);
  });
});

describe("GET /api/v1/episodes/{id}/transcript", () => {
  it("answers the text, its address and the timed segments", async () => {
    const response = await server.client().get(`/api/v1/episodes/${episodeId}/transcript`);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      text: "Hello there. General Kenobi.",
      url: null,
      segments: [
        { start: 0, end: 2.5, text: "Hello there.", speaker: "Mira Okafor" },
        { start: 2.5, end: 4, text: "General Kenobi.", speaker: null },
      ],
    });
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=86400, stale-while-revalidate=604800",
    );
  });

  it("answers an empty transcript, revalidated, for an episode without one; 404 and 400 otherwise", async () => {
    const bare = await server.client().get(`/api/v1/episodes/${bareEpisodeId}/transcript`);
    expect(bare.status).toBe(200);
    expect(bare.data).toEqual({ text: null, url: null, segments: [] });
    // Transcription may bring one any minute: no day-long copy of "none".
    expect(bare.headers.get("cache-control")).toBe("public, no-cache");
    const missing = await server.client().get(`/api/v1/episodes/${MISSING}/transcript`);
    expect(missing.status).toBe(404);
    expect(missing.data.error.message).toBe("Episode not found");
    expect((await server.client().get("/api/v1/episodes/123/transcript")).status).toBe(400);
  });
});

describe("guest and host pages", () => {
  it("answers a guest with their episodes, newest first, with podcast", async () => {
    const response = await server.client().get(`/api/v1/guests/${guestId}`);
    expect(response.status).toBe(200);
    expect(response.data.person).toEqual({
      id: guestId,
      name: "Lena Hartmann",
      bio: "Supply chains.",
      avatarUrl: "/demo/people/lena.svg",
      websiteUrl: "https://lena.example",
      twitterHandle: "lena",
      linkedinUrl: "https://linkedin.com/in/lena",
    });
    expect(response.data.episodes.map((e: { id: string }) => e.id)).toEqual([episodeId, olderEpisodeId]);
    expect(response.data.episodes[0].podcast).toEqual({
      id: podcastId,
      name: 'Signal & "Noise"',
      coverUrl: "/demo/covers/sn.svg",
    });
  });

  it("answers a host with their episodes", async () => {
    const response = await server.client().get(`/api/v1/hosts/${hostId}`);
    expect(response.status).toBe(200);
    expect(response.data.person.name).toBe("Mira Okafor");
    expect(response.data.episodes.map((e: { id: string }) => e.id)).toEqual([episodeId]);
  });

  it("answers 404 'Guest not found' / 'Host not found'", async () => {
    const guest = await server.client().get(`/api/v1/guests/${MISSING}`);
    expect(guest.status).toBe(404);
    expect(guest.data.error.message).toBe("Guest not found");
    // A host id is not a guest id, and the other way round.
    expect((await server.client().get(`/api/v1/guests/${hostId}`)).status).toBe(404);
    const host = await server.client().get(`/api/v1/hosts/${guestId}`);
    expect(host.status).toBe(404);
    expect(host.data.error.message).toBe("Host not found");
    expect((await server.client().get("/api/v1/hosts/nope")).status).toBe(400);
  });
});

describe("POST /api/v1/episodes/{id}/enrich", () => {
  it("queues catalog.ingest-feed for the episode's podcast and answers 202", async () => {
    const response = await user.post(`/api/v1/episodes/${episodeId}/enrich`);
    expect(response.status).toBe(202);
    expect(response.data).toMatchObject({ podcastId, jobId: expect.any(String) });
    const { rows } = await query(
      `select data from pgboss.job where id = $1 and name = 'catalog.ingest-feed'
       union all select data from pgboss.archive where id = $1 and name = 'catalog.ingest-feed'`,
      [response.data.jobId],
    );
    expect(rows.map((row) => row.data)).toEqual([{ podcastId }]);
  });

  it("needs a signed-in user, a known episode and a podcast with a feed", async () => {
    expect((await server.client().post(`/api/v1/episodes/${episodeId}/enrich`)).status).toBe(401);
    const missing = await user.post(`/api/v1/episodes/${MISSING}/enrich`);
    expect(missing.status).toBe(404);
    expect(missing.data.error.message).toBe("Episode not found");
    const noFeed = await user.post(`/api/v1/episodes/${bareEpisodeId}/enrich`);
    expect(noFeed.status).toBe(422);
    expect(noFeed.data.error.message).toMatch(/no feed/);
  });
});

describe("shared links of /episode/{id}", () => {
  it("carry the episode's Open Graph and Twitter tags in the HTML head, escaped", async () => {
    const page = await server.client().get(`/episode/${episodeId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = page.text;
    const title =
      "Chips &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#34;quotes&#34; — Signal &#38; &#34;Noise&#34;";
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${title}" />`);
    expect(html).toContain(
      '<meta property="og:description" content="Who makes the chips, and why it matters." />',
    );
    expect(html).toContain(`<meta property="og:image" content="${server.url}/demo/covers/sn.svg" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta property="og:url" content="${server.url}/episode/${episodeId}" />`);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/episode/${episodeId}" />`);
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("<div id=app>");
  });

  it("describe an episode without a summary or image by its podcast", async () => {
    const html = (await server.client().get(`/episode/${bareEpisodeId}`)).text;
    expect(html).toContain('<meta property="og:description" content="An episode of Manual on Earmark." />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain("og:image");
  });

  it("keep the default head for unknown or malformed ids and other pages", async () => {
    for (const path of [`/episode/${MISSING}`, "/episode/123", "/search", "/auth"]) {
      const page = await server.client().get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toContain("og:title");
      expect(page.text).toContain("<div id=app>");
    }
    const unknown = await server.client().get(`/episode/${episodeId}/extra`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain("og:title");
  });
});
