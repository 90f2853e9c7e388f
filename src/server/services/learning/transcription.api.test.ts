import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeSineWav } from "../../../../tests/support/audio.ts";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import { getFetchPolicy } from "../catalog/ingestion.ts";
import {
  createTranscriptionDeps,
  queueMissingTranscriptions,
  queueTranscription,
  transcribeEpisode,
} from "./transcription.ts";

/**
 * learning.transcribe end to end: real audio made by ffmpeg, served by a local HTTP server that also
 * speaks the OpenAI `/v1/audio/transcriptions` protocol (multipart in, verbose_json out), and a real
 * database. The service answers each upload with two sentences whose times are relative to the
 * upload, so the stored transcript shows whether every chunk was moved to the episode's clock.
 */

const MAX_UPLOAD = 50_000; // 10 s of re-encoded audio per chunk (see chunkSeconds)

type Upload = { fields: Record<string, string[]>; file: Buffer; fileName: string; fileType: string };

let server: TestServer;
let protocol: Server;
let protocolUrl: string;
let audio: Buffer;
let uploads: Upload[] = [];
/** What the service does with the n-th upload (0-based): answer, or fail with a status. */
let failWith: (index: number) => number | null = () => null;
let podcastId: string;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function startProtocolServer(): Promise<Server> {
  const instance = createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/audio/episode.wav") {
      res.writeHead(200, { "content-type": "audio/wav", "content-length": audio.length });
      res.end(audio);
      return;
    }
    if (req.method === "POST" && req.url === "/v1/audio/transcriptions") {
      const body = await readBody(req);
      const form = await new Response(new Uint8Array(body), {
        headers: { "content-type": req.headers["content-type"] ?? "" },
      }).formData();
      const fields: Record<string, string[]> = {};
      let file = Buffer.alloc(0);
      let fileName = "";
      let fileType = "";
      for (const [key, value] of form.entries()) {
        if (typeof value === "string") fields[key] = [...(fields[key] ?? []), value];
        else {
          file = Buffer.from(await value.arrayBuffer());
          fileName = value.name;
          fileType = value.type;
        }
      }
      const index = uploads.length;
      uploads.push({ fields, file, fileName, fileType });
      const status = failWith(index);
      if (status) {
        // retry-after-ms keeps the SDK's backoff short in tests.
        res.writeHead(status, { "content-type": "application/json", "retry-after-ms": "10" });
        res.end(JSON.stringify({ error: { message: "The recogniser is busy", type: "server_error" } }));
        return;
      }
      const chunk = uploads.filter((_, i) => i <= index && !failWith(i)).length;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          task: "transcribe",
          language: "english",
          duration: 10,
          text: `Chunk ${chunk} begins here. Chunk ${chunk} ends here.`,
          segments: [
            { id: 0, start: 0, end: 4.5, text: ` Spaced repetition keeps chunk ${chunk} in memory.` },
            { id: 1, start: 5, end: 9.5, text: ` The forgetting curve explains chunk ${chunk}.` },
          ],
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => instance.listen(0, "127.0.0.1", () => resolve(instance)));
}

async function addEpisode(title: string, audioUrl: string | null = `${protocolUrl}/audio/episode.wav`) {
  const { rows } = await query(
    "insert into episodes (podcast_id, title, audio_url, ready) values ($1, $2, $3, true) returning id",
    [podcastId, title, audioUrl],
  );
  return rows[0].id as string;
}

const deps = () => {
  const made = createTranscriptionDeps(server.deps, getFetchPolicy(server.deps.config));
  if (!made) throw new Error("transcription is configured in these tests");
  return made;
};

beforeAll(async () => {
  audio = await makeSineWav(30);
  protocol = await startProtocolServer();
  protocolUrl = `http://127.0.0.1:${(protocol.address() as AddressInfo).port}`;
  server = await startTestServer({
    TRANSCRIBE_BASE_URL: `${protocolUrl}/v1`,
    TRANSCRIBE_MAX_UPLOAD_BYTES: String(MAX_UPLOAD),
    INGEST_ALLOWED_ADDRESSES: "127.0.0.1",
  });
  const { rows } = await query(
    "insert into podcasts (name, source_type) values ('Memory Lab', 'manual') returning id",
  );
  podcastId = rows[0].id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => protocol?.close(resolve));
});

beforeEach(() => {
  uploads = [];
  failWith = () => null;
});

describe("learning.transcribe", () => {
  it("cuts long audio into chunks under the upload limit and puts every segment on the episode's clock", async () => {
    const admin = await server.signUp({ role: "admin" });
    const episodeId = await addEpisode("How memory fades");

    const queued = await admin.post("/api/v1/admin/learning/transcribe", { episodeId });
    expect(queued.status).toBe(202);
    const before = await server.client().get(`/api/v1/episodes/${episodeId}`);
    // The worker may already have picked the job up: queued or running, never nothing.
    expect(before.data.transcription).toMatchObject({ source: null, isServiceConfigured: true });
    expect(["queued", "running"]).toContain(before.data.transcription.state);

    const job = await server.deps.jobs.waitForJob("learning.transcribe", queued.data.jobId, 60_000);
    expect(job?.state).toBe("completed");
    expect(job?.output).toMatchObject({ status: "transcribed", chunks: 3, segments: 6 });

    // Three uploads of re-encoded MP3, each under the limit, asking for timed segments.
    expect(uploads).toHaveLength(3);
    for (const upload of uploads) {
      expect(upload.file.length).toBeGreaterThan(1000);
      expect(upload.file.length).toBeLessThanOrEqual(MAX_UPLOAD);
      expect(upload.fileType).toBe("audio/mpeg");
      expect(upload.file[0] === 0xff || upload.file.subarray(0, 3).toString() === "ID3").toBe(true);
      expect(upload.fields.model).toEqual(["whisper-1"]);
      expect(upload.fields.response_format).toEqual(["verbose_json"]);
      expect(upload.fields["timestamp_granularities[]"]).toEqual(["segment"]);
    }

    const episode = await server.client().get(`/api/v1/episodes/${episodeId}`);
    expect(episode.data.transcription).toEqual({ source: "service", state: null, isServiceConfigured: true });
    const transcript = await server.client().get(`/api/v1/episodes/${episodeId}/transcript`);
    const segments = transcript.data.segments as { start: number; end: number; text: string }[];
    expect(segments.map((segment) => segment.text)).toEqual([
      "Spaced repetition keeps chunk 1 in memory.",
      "The forgetting curve explains chunk 1.",
      "Spaced repetition keeps chunk 2 in memory.",
      "The forgetting curve explains chunk 2.",
      "Spaced repetition keeps chunk 3 in memory.",
      "The forgetting curve explains chunk 3.",
    ]);
    // Chunk k starts about 10 s × (k − 1) into the episode; ffmpeg's cut is within a frame of it.
    const starts = segments.map((segment) => segment.start);
    const expected = [0, 5, 10, 15, 20, 25];
    for (const [i, start] of starts.entries()) expect(Math.abs(start - (expected[i] ?? 0))).toBeLessThan(0.1);
    expect(transcript.data.text).toContain("The forgetting curve explains chunk 3.");

    // The learning content was rebuilt from the new transcript.
    const mindmap = await server.client().get(`/api/v1/episodes/${episodeId}/mindmap`);
    expect(mindmap.status).toBe(200);
  });

  it("sends audio under the limit as it is, named by its format", async () => {
    const small = audio.subarray(0, 40_000); // a WAV header and ~1.2 s of samples
    const original = audio;
    audio = small;
    try {
      const episodeId = await addEpisode("A short clip");
      const result = await transcribeEpisode(deps(), episodeId);
      expect(result).toMatchObject({ status: "transcribed", chunks: 1 });
      expect(uploads).toHaveLength(1);
      expect(uploads[0]?.fileName).toBe("episode.wav");
      expect(uploads[0]?.fileType).toBe("audio/wav");
      expect(uploads[0]?.file.equals(small)).toBe(true);
    } finally {
      audio = original;
    }
  });

  it("retries an upload the service refused for a moment and keeps the chunks in order", async () => {
    failWith = (index) => (index === 1 ? 503 : null);
    const episodeId = await addEpisode("Busy service");
    const progress: Record<string, number | string>[] = [];
    const result = await transcribeEpisode(deps(), episodeId, async (step) => {
      progress.push(step);
    });
    expect(result).toMatchObject({ status: "transcribed", chunks: 3, segments: 6 });
    // The job's progress (what GET /admin/jobs/learning.transcribe/{id} shows) follows every phase.
    expect(progress).toEqual([
      { phase: "downloading" },
      { phase: "splitting" },
      { phase: "transcribing", done: 0, total: 3 },
      { phase: "transcribing", done: 1, total: 3 },
      { phase: "transcribing", done: 2, total: 3 },
      { phase: "done", done: 3, total: 3 },
    ]);
    expect(uploads).toHaveLength(4);
    expect(uploads[1]?.file.equals(uploads[2]?.file ?? Buffer.alloc(0))).toBe(true);
    const { rows } = await query("select transcript_segments from episodes where id = $1", [episodeId]);
    expect(rows[0].transcript_segments.map((segment: { text: string }) => segment.text).at(-1)).toBe(
      "The forgetting curve explains chunk 3.",
    );
  });

  it("a failing service leaves no transcript, marks the episode failed and says why", async () => {
    failWith = () => 500;
    const episodeId = await addEpisode("Service down");
    await expect(transcribeEpisode(deps(), episodeId)).rejects.toThrow(
      /transcription service failed with HTTP 500/,
    );
    const episode = await server.client().get(`/api/v1/episodes/${episodeId}`);
    expect(episode.data.hasTranscript).toBe(false);
    const transcript = await server.client().get(`/api/v1/episodes/${episodeId}/transcript`);
    expect(transcript.data).toMatchObject({ text: null, segments: [] });
    expect(episode.data.transcription).toEqual({ source: null, state: "failed", isServiceConfigured: true });
    const { rows } = await query("select transcription_error from episodes where id = $1", [episodeId]);
    expect(rows[0].transcription_error).toMatch(/HTTP 500/);
  });

  it("fails clearly for audio that cannot be decoded or an episode without audio", async () => {
    const broken = await addEpisode("Not audio", `${protocolUrl}/audio/missing.wav`);
    await expect(transcribeEpisode(deps(), broken)).rejects.toThrow(/404/);
    const silent = await addEpisode("No audio", null);
    await expect(transcribeEpisode(deps(), silent)).rejects.toThrow(
      "The episode has no audio file to transcribe.",
    );
    expect(uploads).toHaveLength(0);
  });

  it("never replaces a transcript the feed brought meanwhile", async () => {
    const episodeId = await addEpisode("Has one");
    await query("update episodes set transcript_text = 'From the feed.' where id = $1", [episodeId]);
    expect(await transcribeEpisode(deps(), episodeId)).toMatchObject({ status: "skipped" });
    expect(uploads).toHaveLength(0);
    const episode = await server.client().get(`/api/v1/episodes/${episodeId}`);
    expect(episode.data.transcription.source).toBe("feed");
  });
});

describe("POST /api/v1/admin/learning/transcribe", () => {
  it("is for admins: 401 signed out, 403 for a learner, 400 for a bad id, 404 unknown, 409 when transcribed", async () => {
    const episodeId = await addEpisode("Guarded");
    expect((await server.client().post("/api/v1/admin/learning/transcribe", { episodeId })).status).toBe(401);
    const learner = await server.signUp();
    expect((await learner.post("/api/v1/admin/learning/transcribe", { episodeId })).status).toBe(403);
    const admin = await server.signUp({ role: "admin" });
    const bad = await admin.post("/api/v1/admin/learning/transcribe", { episodeId: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.data.error.message).toMatch(/Please select an episode/);
    const unknown = await admin.post("/api/v1/admin/learning/transcribe", {
      episodeId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    await query("update episodes set transcript_text = 'Done.' where id = $1", [episodeId]);
    const done = await admin.post("/api/v1/admin/learning/transcribe", { episodeId });
    expect(done.status).toBe(409);
    expect(done.data.error.message).toBe("This episode already has a transcript.");
  });

  it("answers 503 when no transcription service is configured", async () => {
    const episodeId = await addEpisode("Nowhere to send");
    const config = { ...server.deps.config, TRANSCRIBE_BASE_URL: undefined };
    await expect(
      queueTranscription({ db: server.deps.db, config }, async () => "job", episodeId),
    ).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/TRANSCRIBE_BASE_URL/) });
  });
});

describe("queueMissingTranscriptions (TRANSCRIBE_AUTO)", () => {
  it("queues episodes with audio and no transcript once, and none that have one or are under way", async () => {
    await query("update episodes set transcription_state = 'failed' where transcription_state is null");
    const wanted = await addEpisode("Wants a transcript");
    await addEpisode("Without audio", null);
    const transcribed = await addEpisode("Already transcribed");
    await query("update episodes set transcript_text = 'Yes.' where id = $1", [transcribed]);

    const queued: string[] = [];
    const count = await queueMissingTranscriptions(server.deps.db, async (id) => {
      queued.push(id);
    });
    expect(count).toBe(1);
    expect(queued).toEqual([wanted]);
    const again = await queueMissingTranscriptions(server.deps.db, async (id) => {
      queued.push(id);
    });
    expect(again).toBe(0);
  });
});
