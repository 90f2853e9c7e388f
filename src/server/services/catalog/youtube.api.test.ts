import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFeedServer } from "../../../../tests/support/feed-server.ts";
import {
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../../tests/support/test-server.ts";
import { getFreePort } from "../../db/embedded.ts";

let youtube: Awaited<ReturnType<typeof startFeedServer>>;
let server: TestServer;
let offline: TestServer;
let admin: SignedInClient;
let podcastId: string;

const atom = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
  <entry><yt:videoId>aaaaaaaaaaa</yt:videoId><title>Why Language Models Hallucinate | Signal &amp; Noise</title><published>2026-10-05T12:00:00+00:00</published></entry>
  <entry><yt:videoId>bbbbbbbbbbb</yt:videoId><title>Attention, explained</title><published>2025-01-01T12:00:00+00:00</published></entry>
</feed>`;

beforeAll(async () => {
  // A local stand-in for the video service: oEmbed and channel feeds.
  youtube = await startFeedServer({
    "/oembed": {
      body: JSON.stringify({
        title: "Stoicism in Ten Minutes",
        author_name: "The Long View",
        thumbnail_url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      }),
      contentType: "application/json",
    },
    "/feeds/videos.xml": { body: atom, contentType: "application/atom+xml" },
  });
  server = await startTestServer({
    INGEST_ALLOWED_ADDRESSES: "127.0.0.1",
    YOUTUBE_OEMBED_URL: youtube.url("/oembed"),
    YOUTUBE_FEED_URL: youtube.url("/feeds/videos.xml"),
  });
  // Nothing listens on this port: the network is "unreachable".
  offline = await startTestServer({
    INGEST_ALLOWED_ADDRESSES: "127.0.0.1",
    YOUTUBE_OEMBED_URL: `http://127.0.0.1:${await getFreePort()}/oembed`,
  });
  admin = await server.signUp({ role: "admin" });
  const { rows } = await server.deps.db.$client.query(
    "insert into podcasts (name, source_type, youtube_channel_id) values ('Signal & Noise', 'manual', 'UC123') returning id",
  );
  podcastId = rows[0].id;
});
afterAll(async () => {
  await Promise.all([server.stop(), offline.stop(), youtube.stop()]);
});

describe("fetch-youtube-episode", () => {
  it("imports a video from any URL form, once", async () => {
    const first = await admin.post("/api/v1/admin/catalog/youtube-episode", {
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ?si=x",
      podcastId,
    });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ success: true, episode: { title: "Stoicism in Ten Minutes" } });
    const again = await admin.post("/api/v1/admin/catalog/youtube-episode", {
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5",
      podcastId,
    });
    expect(again.data.episode.id).toBe(first.data.episode.id);
    const { rows } = await server.deps.db.$client.query(
      "select youtube_url, image_url, ready from episodes where id = $1",
      [first.data.episode.id],
    );
    // A video without a summary waits for the learning engine before it is public.
    expect(rows[0]).toEqual({
      youtube_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      image_url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      ready: false,
    });
  });

  it("says what is wrong with bad input", async () => {
    const notVideo = await admin.post("/api/v1/admin/catalog/youtube-episode", {
      youtubeUrl: "https://vimeo.com/1",
      podcastId,
    });
    expect(notVideo.status).toBe(400);
    expect(notVideo.data.error.message).toBe("That is not a YouTube video link.");
    const noPodcast = await admin.post("/api/v1/admin/catalog/youtube-episode", {
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(noPodcast.data.error.fields.podcastId).toBe("Please select a podcast");
    const unknownPodcast = await admin.post("/api/v1/admin/catalog/youtube-episode", {
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      podcastId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknownPodcast.status).toBe(404);
  });

  it("answers 'Failed to fetch episode' when the video service cannot be reached", async () => {
    const offlineAdmin = await offline.signUp({ role: "admin" });
    const { rows } = await offline.deps.db.$client.query(
      "insert into podcasts (name, source_type) values ('P', 'manual') returning id",
    );
    const response = await offlineAdmin.post("/api/v1/admin/catalog/youtube-episode", {
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      podcastId: rows[0].id,
    });
    expect(response.status).toBe(502);
    expect(response.data.error.message).toBe("Failed to fetch episode");
  });
});

describe("match-youtube-episodes and populate-youtube-urls", () => {
  it("matches by normalised title within three days and reports processed, matched, failed", async () => {
    await server.deps.db.$client.query(
      `insert into episodes (podcast_id, title, summary, audio_url, pub_date) values
        ($1, 'Why Language Models Hallucinate', 's', '/a.mp3', '2026-10-04T09:00:00Z'),
        ($1, 'Attention, Explained', 's', '/b.mp3', '2026-10-04T09:00:00Z'),
        ($1, 'Unrelated', 's', '/c.mp3', '2026-10-04T09:00:00Z')`,
      [podcastId],
    );
    const queued = await admin.post("/api/v1/admin/catalog/match-youtube", { podcastId, batchSize: 100 });
    const job = await server.deps.jobs.waitForJob("catalog.match-youtube", queued.data.jobId, 20_000);
    // "Attention" is the same title but was published a year and a half apart: not the same episode.
    expect(job?.output).toEqual({ processed: 3, matched: 1, failed: 2 });
    const { rows } = await server.deps.db.$client.query(
      "select title, youtube_url from episodes where youtube_url is not null order by title",
    );
    expect(rows).toContainEqual({
      title: "Why Language Models Hallucinate",
      youtube_url: "https://www.youtube.com/watch?v=aaaaaaaaaaa",
    });
  });

  it("moves video links found in audio URLs and show notes into youtube_url", async () => {
    const { rows } = await server.deps.db.$client.query(
      `insert into episodes (podcast_id, title, summary, audio_url) values ($1, 'Video as audio', 's', 'https://youtu.be/ccccccccccc') returning id`,
      [podcastId],
    );
    const queued = await admin.post("/api/v1/admin/catalog/populate-youtube-urls");
    const job = await server.deps.jobs.waitForJob("catalog.populate-youtube-urls", queued.data.jobId, 20_000);
    expect(job?.output).toEqual({ processed: 1 });
    const episode = await server.deps.db.$client.query(
      "select audio_url, youtube_url, ready from episodes where id = $1",
      [rows[0].id],
    );
    expect(episode.rows[0]).toEqual({
      audio_url: null,
      youtube_url: "https://www.youtube.com/watch?v=ccccccccccc",
      ready: true,
    });
  });
});
