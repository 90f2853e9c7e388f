import { describe, expect, it } from "vitest";
import { makeSineWav } from "../../../../tests/support/audio.ts";
import { parseTranscript } from "../../ingest/transcripts.ts";
import { audioFileName, offsetSegments } from "../../services/learning/transcription.ts";
import { AudioSplitError, chunkSeconds, parseSegmentList, splitAudio } from "./audio-chunks.ts";
import { segmentsFromReply, TranscriptionError } from "./transcriber.ts";
import { formatVtt, formatVttTimestamp } from "./vtt.ts";

describe("WebVTT", () => {
  it("formats timestamps to the millisecond, past an hour too", () => {
    expect(formatVttTimestamp(0)).toBe("00:00:00.000");
    expect(formatVttTimestamp(61.5)).toBe("00:01:01.500");
    expect(formatVttTimestamp(3723.0456)).toBe("01:02:03.046");
    expect(formatVttTimestamp(-3)).toBe("00:00:00.000");
  });

  it("reads back through the feed transcript parser unchanged, reserved characters and all", () => {
    const segments = [
      { start: 0, end: 4.2, text: "Salt & pepper <b>not a tag</b> --> not a cue", speaker: null },
      { start: 4.2, end: 9, text: "  Line one\nline two  ", speaker: "Dr. Ada <Lovelace>" },
      { start: 9, end: 9, text: "   ", speaker: null },
    ];
    const vtt = formatVtt(segments);
    expect(vtt.startsWith("WEBVTT\n\n00:00:00.000 --> 00:00:04.200\n")).toBe(true);
    const parsed = parseTranscript(vtt, "text/vtt");
    expect(parsed.segments).toEqual([
      { start: 0, end: 4.2, text: "Salt & pepper <b>not a tag</b> --> not a cue" },
      { start: 4.2, end: 9, text: "Line one line two", speaker: "Dr. Ada <Lovelace>" },
    ]);
  });
});

describe("transcription replies", () => {
  it("takes the segments of verbose_json, trimmed, without empty ones", () => {
    expect(
      segmentsFromReply({
        text: "ignored",
        segments: [
          { id: 0, start: -0.2, end: 2, text: " Hello there. " },
          { id: 1, start: 2, end: 1, text: "  " },
          { id: 2, start: "3.5", end: "6", text: "Numbers as strings." },
        ],
      }),
    ).toEqual([
      { start: 0, end: 2, text: "Hello there.", speaker: null },
      { start: 3.5, end: 6, text: "Numbers as strings.", speaker: null },
    ]);
  });

  it("makes one segment of a reply with text only, and none of an empty one", () => {
    expect(segmentsFromReply({ text: " All of it. ", duration: 12 })).toEqual([
      { start: 0, end: 12, text: "All of it.", speaker: null },
    ]);
    expect(segmentsFromReply({ text: "" })).toEqual([]);
  });

  it("refuses a reply it cannot read", () => {
    expect(() => segmentsFromReply("plain text")).toThrow(TranscriptionError);
    expect(() => segmentsFromReply({ segments: [{ start: "soon" }] })).toThrow(/cannot read/);
  });

  it("moves each chunk's segments by the chunk's offset", () => {
    const segment = (start: number, end: number, text: string) => ({ start, end, text, speaker: null });
    expect(
      offsetSegments([
        { offset: 0, segments: [segment(0, 2, "a")] },
        { offset: 600.0123, segments: [segment(0.5, 3, "b"), segment(3, 4, "c")] },
      ]),
    ).toEqual([segment(0, 2, "a"), segment(600.512, 603.012, "b"), segment(603.012, 604.012, "c")]);
  });

  it("names the upload by the URL's extension, else by the content type", () => {
    expect(audioFileName("https://cdn.example.com/ep/42.m4a?token=x", null)).toEqual({
      fileName: "episode.m4a",
      mimeType: "audio/mp4",
    });
    expect(audioFileName("https://cdn.example.com/stream", "audio/ogg; codecs=opus")).toEqual({
      fileName: "episode.ogg",
      mimeType: "audio/ogg",
    });
    expect(audioFileName("https://cdn.example.com/stream", "application/octet-stream")).toEqual({
      fileName: "episode.mp3",
      mimeType: "audio/mpeg",
    });
  });

  it("takes an extension that is also an object member for an unknown one", () => {
    for (const url of ["https://cdn.example.com/ep.constructor", "https://cdn.example.com/ep.__proto__"])
      expect(audioFileName(url, "audio/ogg")).toEqual({ fileName: "episode.ogg", mimeType: "audio/ogg" });
  });
});

describe("splitting audio", () => {
  it("sizes chunks to the upload limit at 32 kbit/s, and refuses a limit that holds seconds only", () => {
    expect(chunkSeconds(25_000_000)).toBe(5312);
    expect(chunkSeconds(50_000)).toBe(10);
    expect(() => chunkSeconds(16_000)).toThrow(AudioSplitError);
  });

  it("reads ffmpeg's segment list", () => {
    expect(
      parseSegmentList("chunk-0000.mp3,0.000000,10.008000\nchunk-0001.mp3,10.008000,20.016000\n"),
    ).toEqual([
      { file: "chunk-0000.mp3", start: 0, end: 10.008 },
      { file: "chunk-0001.mp3", start: 10.008, end: 20.016 },
    ]);
    expect(() => parseSegmentList("chunk.mp3,soon,later")).toThrow(AudioSplitError);
  });

  it("sends a file under the limit as it is", async () => {
    const audio = await makeSineWav(1);
    const chunks = await splitAudio(audio, { fileName: "a.wav", mimeType: "audio/wav", maxBytes: 1_000_000 });
    expect(chunks).toEqual([{ offset: 0, data: audio, fileName: "a.wav", mimeType: "audio/wav" }]);
  });

  it("re-encodes and cuts a longer file into consecutive MP3 chunks under the limit", async () => {
    const audio = await makeSineWav(25);
    const chunks = await splitAudio(audio, { fileName: "a.wav", mimeType: "audio/wav", maxBytes: 50_000 });
    expect(chunks.map((chunk) => Math.round(chunk.offset))).toEqual([0, 10, 20]);
    for (const chunk of chunks) {
      expect(chunk.mimeType).toBe("audio/mpeg");
      expect(chunk.data.length).toBeLessThanOrEqual(50_000);
      expect(chunk.data.length).toBeGreaterThan(1000);
    }
  });

  it("says so when the bytes are not audio, and when there are none", async () => {
    const noise = Buffer.alloc(80_000, "not audio at all ");
    await expect(
      splitAudio(noise, { fileName: "a.mp3", mimeType: "audio/mpeg", maxBytes: 50_000 }),
    ).rejects.toThrow(/could not be decoded/);
    await expect(
      splitAudio(Buffer.alloc(0), { fileName: "a.mp3", mimeType: "audio/mpeg", maxBytes: 50_000 }),
    ).rejects.toThrow("The audio file is empty.");
  });
});
