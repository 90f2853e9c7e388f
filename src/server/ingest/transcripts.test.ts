import { describe, expect, it } from "vitest";
import { detectTranscriptFormat, parseTranscript, TranscriptParseError } from "./transcripts.ts";

describe("parseTranscript: WebVTT", () => {
  const vtt = `WEBVTT - Episode 12
Kind: captions

NOTE This note spans
two lines and is ignored.

STYLE
::cue { color: yellow }

intro-1
00:00.000 --> 00:04.500 align:start position:10%
<v Jane Host>Welcome back to the show.</v>

00:04.500 --> 00:09.000
<v.loud Guest Person>Thanks for having me &amp; my <i>book</i>.

3
00:01:05.250 --> 01:00:09.000 line:0
<v Jane Host><c.highlight>Let's</c> begin
with chapter one.

00:00:10.000 --> 00:00:12.000
No voice here.

this cue has a broken timing line
00:xx --> 00:05.000
Skipped.
`;

  it("reads cues, timestamps in both forms, settings and voices", () => {
    const result = parseTranscript(vtt, "text/vtt");
    expect(result.segments).toEqual([
      { start: 0, end: 4.5, text: "Welcome back to the show.", speaker: "Jane Host" },
      { start: 4.5, end: 9, text: "Thanks for having me & my book.", speaker: "Guest Person" },
      { start: 65.25, end: 3609, text: "Let's begin with chapter one.", speaker: "Jane Host" },
      { start: 10, end: 12, text: "No voice here." },
    ]);
    expect(result.text).toBe(
      "Jane Host: Welcome back to the show.\n\nGuest Person: Thanks for having me & my book.\n\nJane Host: Let's begin with chapter one.\n\nNo voice here.",
    );
  });

  it("merges repeated rolling-caption cues and handles CRLF and a BOM", () => {
    const rolling =
      "\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nhello there\r\n\r\n00:02.000 --> 00:03.000\r\nhello there\r\n\r\n00:03.000 --> 00:04.000\r\ngeneral\r\n";
    expect(parseTranscript(rolling, null).segments).toEqual([
      { start: 1, end: 3, text: "hello there" },
      { start: 3, end: 4, text: "general" },
    ]);
  });

  it("gives an empty result for a header-only or garbage file, never a crash", () => {
    expect(parseTranscript("WEBVTT\n\n", "text/vtt")).toEqual({ text: "", segments: [] });
    expect(parseTranscript("WEBVTT\n\n--> -->\n\n<v>\n\n99:99:99 --> nope\ntext", "text/vtt")).toEqual({
      text: "",
      segments: [],
    });
  });
});

describe("parseTranscript: SRT", () => {
  const srt = `1
00:00:01,000 --> 00:00:04,000
Hello, <i>world</i>.

2
00:00:04,500 --> 00:00:07,250
{\\an8}Second line
continues here.

3
garbage
no timing

4
00:01:00,000 --> 00:01:02,000
<v Sam>Voice tag in SRT</v>
`;

  it("reads numbered cues with comma milliseconds", () => {
    const result = parseTranscript(srt, "application/x-subrip");
    expect(result.segments).toEqual([
      { start: 1, end: 4, text: "Hello, world." },
      { start: 4.5, end: 7.25, text: "Second line continues here." },
      { start: 60, end: 62, text: "Voice tag in SRT", speaker: "Sam" },
    ]);
    expect(result.text).toBe("Hello, world. Second line continues here.\n\nSam: Voice tag in SRT");
  });

  it("is recognised without a content type", () => {
    expect(detectTranscriptFormat(srt, null)).toBe("srt");
    expect(parseTranscript(srt, "application/octet-stream").segments).toHaveLength(3);
  });
});

describe("parseTranscript: JSON", () => {
  it("reads Podcasting 2.0 JSON segments", () => {
    const json = JSON.stringify({
      version: "1.0.0",
      segments: [
        { speaker: "Jane", startTime: 0.5, endTime: 5.25, body: "Welcome to the long game, everyone." },
        { speaker: "Guest", startTime: "5.25", endTime: "9", body: "Happy to be here &amp; talking today." },
        { startTime: 9, endTime: 12, body: "Unattributed line of speech here." },
        { speaker: "Jane", body: "No start time is skipped." },
        { speaker: "Jane", startTime: 13, body: "   " },
        "not an object",
      ],
    });
    const result = parseTranscript(json, "application/json");
    expect(result.segments).toEqual([
      { start: 0.5, end: 5.25, text: "Welcome to the long game, everyone.", speaker: "Jane" },
      { start: 5.25, end: 9, text: "Happy to be here & talking today.", speaker: "Guest" },
      { start: 9, end: 12, text: "Unattributed line of speech here." },
    ]);
    expect(result.text).toContain("Guest: Happy to be here & talking today.");
  });

  it("merges word-level segments into sentences of one speaker", () => {
    const words = [
      ["Jane", 0, "Hello"],
      ["Jane", 0.4, ","],
      ["Jane", 0.5, "world"],
      ["Jane", 0.9, "."],
      ["Jane", 1.2, "Next"],
      ["Jane", 1.5, "sentence"],
      ["Sam", 2, "Hi"],
      ["Sam", 2.3, "there"],
    ] as const;
    const json = JSON.stringify({
      segments: words.map(([speaker, start, body]) => ({
        speaker,
        startTime: start,
        endTime: start + 0.3,
        body,
      })),
    });
    expect(parseTranscript(json, "application/json").segments).toEqual([
      { start: 0, end: 1.2, text: "Hello, world.", speaker: "Jane" },
      { start: 1.2, end: 1.8, text: "Next sentence", speaker: "Jane" },
      { start: 2, end: 2.6, text: "Hi there", speaker: "Sam" },
    ]);
  });

  it.each([
    ["{not json", /not valid JSON/],
    ['{"version":"1.0.0"}', /no segments list/],
    ['"just a string"', /no segments list/],
  ])("refuses malformed JSON %j with a clear error", (body, message) => {
    expect(() => parseTranscript(body, "application/json")).toThrowError(TranscriptParseError);
    expect(() => parseTranscript(body, "application/json")).toThrowError(message);
  });

  it("gives an empty result for an empty segments list", () => {
    expect(parseTranscript('{"segments":[]}', "application/json")).toEqual({ text: "", segments: [] });
  });
});

describe("parseTranscript: HTML and plain text", () => {
  it("reads HTML as text only, without scripts", () => {
    const html = `<html><head><title>Transcript</title><style>p{}</style></head><body>
      <cite>Jane:</cite> <time>0:00</time> <p>Welcome &amp; hello.</p>
      <script>alert("NO")</script><cite>Sam:</cite><p>Thanks.</p></body></html>`;
    const result = parseTranscript(html, "text/html; charset=utf-8");
    expect(result.segments).toEqual([]);
    expect(result.text).toBe("Jane: 0:00\n\nWelcome & hello.\n\nSam:\n\nThanks.");
    expect(result.text).not.toContain("alert");
  });

  it("reads plain text, keeping paragraphs", () => {
    expect(parseTranscript("Line one.\r\n\r\n\r\nLine   two.\n", "text/plain")).toEqual({
      text: "Line one.\n\nLine two.",
      segments: [],
    });
  });

  it("gives an empty result for an empty body", () => {
    expect(parseTranscript("", "text/vtt")).toEqual({ text: "", segments: [] });
    expect(parseTranscript("  \n ", null)).toEqual({ text: "", segments: [] });
  });
});

describe("detectTranscriptFormat", () => {
  it.each([
    ["WEBVTT\n\n00:01.000 --> 00:02.000\nx", "text/plain", undefined, "vtt"],
    ["00:01.000 --> 00:02.000\nx", null, "https://x.example/t.vtt", "vtt"],
    ["x", "text/vtt", undefined, "vtt"],
    ["x", "application/srt", undefined, "srt"],
    ["x", null, "https://x.example/t.srt?sig=1", "srt"],
    ['{"segments":[]}', null, undefined, "json"],
    ["x", "application/json", undefined, "json"],
    ["<p>x</p>", null, undefined, "html"],
    ["x", null, "https://x.example/t.html", "html"],
    ["Just words.", null, undefined, "text"],
  ])("%j (%s, %s) → %s", (body, type, url, expected) => {
    expect(detectTranscriptFormat(body, type, url)).toBe(expected);
  });
});
