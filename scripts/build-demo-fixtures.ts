/**
 * Regenerates the demo catalog under fixtures/demo/ from the episode scripts in
 * fixtures/demo/source/*.json: synthesised audio (eSpeak NG → MP3), exact WebVTT transcripts,
 * Podcasting 2.0 JSON chapters, avatar and cover SVGs, one RSS feed per podcast and feeds.json.
 *
 *   apt-get install -y espeak-ng ffmpeg      # only needed to regenerate; the outputs are committed
 *   npx tsx scripts/build-demo-fixtures.ts             # everything
 *   npx tsx scripts/build-demo-fixtures.ts --spoken    # only print the text as eSpeak will read it
 *
 * Every sentence is synthesised on its own, so each transcript cue's start and end come from the
 * sample count of the audio actually written. The same input gives byte-identical output (with the
 * same eSpeak NG and LAME versions): no timestamps, no ID3 tags, bit-exact encoder flags.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

const ROOT = path.resolve(import.meta.dirname, "../fixtures/demo");
const SOURCE_DIR = path.join(ROOT, "source");
/** Directories this script owns completely: they are emptied and rewritten on every run. */
const OUTPUT_DIRS = ["audio", "transcripts", "chapters", "people", "covers", "feeds"] as const;

const SAMPLE_RATE = 22050;
const WORDS_PER_MINUTE = 165;
const MP3_BITRATE = "32k";
/** Pauses, in seconds, that shape the conversation. */
const PAUSE = { leadIn: 0.5, sentence: 0.25, turn: 0.6, section: 1.2, tail: 0.3 } as const;
/** Scales eSpeak's near-full-scale output down by about 1 dB so the MP3 decoder never clips. */
const GAIN = 0.89;
/** A sample this loud or louder counts as speech when trimming eSpeak's leading and trailing silence. */
const SILENCE_THRESHOLD = 200;
const LICENSE = "cc-by-4.0";
/** Person pages: the hosts and guests are fictional, so their href points into a reserved domain. */
const PERSON_HREF_BASE = "https://earmark.example/people/";

const personSchema = z.object({
  name: z.string().min(1),
  bio: z.string().min(1),
  voice: z.string().regex(/^[a-z-]+(\+[a-z0-9]+)?$/),
  pitch: z.number().int().min(0).max(99),
  speed: z.number().int().min(80).max(450).optional(),
});

const episodeSchema = z.object({
  guid: z.string().regex(/^[a-z0-9-]+$/),
  number: z.number().int().positive(),
  title: z.string().min(1),
  pubDate: z.iso.datetime(),
  themes: z.array(z.string().min(1)).min(1),
  guest: z.string().optional(),
  description: z.string().min(1),
  links: z
    .array(z.object({ title: z.string().min(1), url: z.url() }))
    .min(2)
    .max(4),
  sections: z
    .array(
      z.object({
        title: z.string().min(1),
        lines: z.array(z.tuple([z.string(), z.string().min(1)])).min(1),
      }),
    )
    .min(3)
    .max(4),
});

const podcastSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  guid: z.uuid(),
  title: z.string().min(1),
  initials: z.string().min(1).max(3),
  colors: z.tuple([z.string().regex(/^#[0-9a-f]{6}$/), z.string().regex(/^#[0-9a-f]{6}$/)]),
  description: z.string().min(1),
  author: z.string().min(1),
  language: z.string().min(2),
  categories: z.array(z.array(z.string().min(1)).min(1).max(2)).min(1),
  host: z.string(),
  people: z.record(z.string().regex(/^[a-z0-9-]+$/), personSchema),
  pronounce: z.record(z.string(), z.string()).default({}),
  episodes: z.array(episodeSchema).min(1),
});

type Person = z.infer<typeof personSchema>;
type Podcast = z.infer<typeof podcastSchema>;
type Episode = z.infer<typeof episodeSchema>;
type Cue = { start: number; end: number; speaker: string; text: string };
type BuiltEpisode = {
  episode: Episode;
  duration: number;
  bytes: number;
  chapters: { startTime: number; title: string }[];
};

// ---------------------------------------------------------------------------------------------
// Text: what is shown in the transcript versus what eSpeak is asked to say

const SMALL = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function twoDigits(n: number): string {
  if (n < 20) return SMALL[n] ?? "";
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]}${ones ? `-${SMALL[ones]}` : ""}`;
}

/** 1885 → "eighteen eighty-five", 1406 → "fourteen oh six", 2005 → "two thousand five". */
function yearWords(year: number): string {
  if (year >= 2000 && year < 2010) return year === 2000 ? "two thousand" : `two thousand ${SMALL[year % 10]}`;
  const high = Math.floor(year / 100);
  const low = year % 100;
  if (low === 0) return `${twoDigits(high)} hundred`;
  return `${twoDigits(high)} ${low < 10 ? `oh ${SMALL[low]}` : twoDigits(low)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The text eSpeak reads: the podcast's pronunciation overrides, then four-digit years as spoken. */
function spokenText(text: string, pronounce: Record<string, string>): string {
  let spoken = text;
  const keys = Object.keys(pronounce).sort((a, b) => b.length - a.length || a.localeCompare(b));
  for (const key of keys) {
    spoken = spoken.replace(
      new RegExp(`(?<![\\w])${escapeRegExp(key)}(?![\\w])`, "g"),
      pronounce[key] ?? key,
    );
  }
  spoken = spoken.replace(/(?<!\w|\d[,.])(1[0-9]{3}|20[0-9]{2})(?!\w|[,.]\d)/g, (y) => yearWords(Number(y)));
  return spoken.replace(/&/g, " and ");
}

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Audio

function run(command: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString("utf8")}`));
    });
  });
}

/** The 16-bit mono PCM samples of a WAV file (eSpeak writes an unknown length when streaming). */
function wavSamples(wav: Buffer): Int16Array {
  if (wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE") {
    throw new Error("eSpeak did not return a WAV file");
  }
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("ascii", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      const format = wav.readUInt16LE(body);
      const channels = wav.readUInt16LE(body + 2);
      const rate = wav.readUInt32LE(body + 4);
      const bits = wav.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || rate !== SAMPLE_RATE || bits !== 16) {
        throw new Error(`unexpected WAV format ${format}/${channels}ch/${rate}Hz/${bits}bit`);
      }
    } else if (id === "data") {
      const end = Math.min(wav.length, body + size);
      const data = wav.subarray(body, end - ((end - body) % 2));
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return samples;
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAV file without a data chunk");
}

/** Drops eSpeak's silent lead-in and tail, keeping a few milliseconds so no consonant is clipped. */
function trimSilence(samples: Int16Array): Int16Array {
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) < SILENCE_THRESHOLD) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) < SILENCE_THRESHOLD) last--;
  if (first >= samples.length) return samples.subarray(0, 0);
  const start = Math.max(0, first - Math.round(0.01 * SAMPLE_RATE));
  const end = Math.min(samples.length, last + 1 + Math.round(0.06 * SAMPLE_RATE));
  return samples.subarray(start, end);
}

async function synthesise(text: string, person: Person): Promise<Int16Array> {
  const wav = await run("espeak-ng", [
    "-v",
    person.voice,
    "-s",
    String(person.speed ?? WORDS_PER_MINUTE),
    "-p",
    String(person.pitch),
    "--stdout",
    text,
  ]);
  const samples = trimSilence(wavSamples(wav));
  if (samples.length === 0) throw new Error(`eSpeak produced silence for: ${text}`);
  return Int16Array.from(samples, (sample) => Math.round(sample * GAIN));
}

/** Runs the tasks with at most `limit` at once; results keep the input order. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

function encodeMp3(samples: Int16Array, file: string): void {
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const result = spawnSync(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "s16le",
      "-ar",
      String(SAMPLE_RATE),
      "-ac",
      "1",
      "-i",
      "pipe:0",
      "-map_metadata",
      "-1",
      "-fflags",
      "+bitexact",
      "-flags:a",
      "+bitexact",
      "-c:a",
      "libmp3lame",
      "-b:a",
      MP3_BITRATE,
      "-ar",
      String(SAMPLE_RATE),
      "-ac",
      "1",
      "-id3v2_version",
      "0",
      "-write_id3v1",
      "0",
      "-y",
      file,
    ],
    { input: pcm, maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`ffmpeg failed for ${file}: ${result.stderr.toString("utf8")}`);
}

// ---------------------------------------------------------------------------------------------
// Formats

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function clockTime(seconds: number, withHours: boolean): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = total % 60;
  const mmss = `${String(m).padStart(withHours ? 2 : 1, "0")}:${String(s).padStart(2, "0")}`;
  return withHours ? `${h}:${mmss}` : mmss;
}

function vtt(cues: Cue[]): string {
  const blocks = cues.map(
    (cue, i) =>
      `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n<v ${xml(cue.speaker)}>${xml(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return `${parts[0]?.[0] ?? ""}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : ""}`.toUpperCase();
}

/** Tailwind 700 shades: all keep white initials above a 4.5:1 contrast ratio. */
const AVATAR_COLORS = [
  "#b91c1c",
  "#c2410c",
  "#15803d",
  "#0f766e",
  "#0369a1",
  "#1d4ed8",
  "#4338ca",
  "#6d28d9",
  "#a21caf",
  "#be123c",
  "#334155",
  "#7c2d12",
];

function avatarSvg(slug: string, person: Person): string {
  const hash = createHash("sha1").update(slug).digest();
  const color = AVATAR_COLORS[hash.readUInt32BE(0) % AVATAR_COLORS.length];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" role="img" aria-label="${xml(person.name)}">`,
    `<circle cx="128" cy="128" r="128" fill="${color}"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="100" font-weight="600" fill="#ffffff">${xml(initialsOf(person.name))}</text>`,
    "</svg>",
    "",
  ].join("\n");
}

function coverSvg(podcast: Podcast): string {
  const [from, to] = podcast.colors;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" role="img" aria-label="${xml(podcast.title)} cover art">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="600" height="600" fill="url(#g)"/>`,
    `<circle cx="470" cy="130" r="150" fill="#ffffff" fill-opacity="0.08"/><circle cx="120" cy="500" r="200" fill="#000000" fill-opacity="0.12"/>`,
    `<text x="48" y="330" font-family="Georgia, serif" font-size="170" font-weight="700" fill="#ffffff">${xml(podcast.initials)}</text>`,
    `<text x="52" y="420" font-family="system-ui, sans-serif" font-size="44" fill="#ffffff" fill-opacity="0.9">${xml(podcast.title)}</text>`,
    `<text x="52" y="540" font-family="system-ui, sans-serif" font-size="24" letter-spacing="6" fill="#ffffff" fill-opacity="0.7">EARMARK DEMO</text>`,
    "</svg>",
    "",
  ].join("\n");
}

function personTag(slug: string, person: Person, role: "host" | "guest"): string {
  return `<podcast:person role="${role}" img="../people/${slug}.svg" href="${PERSON_HREF_BASE}${slug}">${xml(person.name)}</podcast:person>`;
}

function categoryTags(categories: string[][]): string[] {
  return categories.map(([top, sub]) =>
    sub
      ? `<itunes:category text="${xml(top ?? "")}"><itunes:category text="${xml(sub)}"/></itunes:category>`
      : `<itunes:category text="${xml(top ?? "")}"/>`,
  );
}

function showNotes(podcast: Podcast, built: BuiltEpisode): string {
  const { episode, chapters } = built;
  const host = podcast.people[podcast.host];
  const guest = episode.guest ? podcast.people[episode.guest] : undefined;
  const html = [
    `<p>${xml(episode.description)}</p>`,
    "<h3>Chapters</h3>",
    `<ul>${chapters.map((c) => `<li>${clockTime(c.startTime, false)} ${xml(c.title)}</li>`).join("")}</ul>`,
    "<h3>Further reading</h3>",
    `<ul>${episode.links.map((l) => `<li><a href="${xml(l.url)}">${xml(l.title)}</a></li>`).join("")}</ul>`,
    guest ? `<h3>About the guest</h3><p><strong>${xml(guest.name)}</strong>: ${xml(guest.bio)}</p>` : "",
    host ? `<h3>About the host</h3><p><strong>${xml(host.name)}</strong>: ${xml(host.bio)}</p>` : "",
    `<p><em>Original content written for Earmark. The hosts and guests are fictional characters voiced by the eSpeak NG speech synthesiser; the facts are real and sourced above. Licensed under CC BY 4.0.</em></p>`,
  ].join("");
  if (html.includes("]]>")) throw new Error(`show notes of ${episode.guid} contain ]]>`);
  return `<![CDATA[${html}]]>`;
}

function feedXml(podcast: Podcast, built: BuiltEpisode[]): string {
  const host = podcast.people[podcast.host];
  if (!host) throw new Error(`${podcast.slug}: unknown host ${podcast.host}`);
  const cover = `../covers/${podcast.slug}.svg`;
  const newestFirst = [...built].sort((a, b) => b.episode.pubDate.localeCompare(a.episode.pubDate));
  const lastBuild = newestFirst[0]?.episode.pubDate ?? "2026-10-01T00:00:00Z";
  const items = newestFirst.map((b) => {
    const { episode } = b;
    const guest = episode.guest ? podcast.people[episode.guest] : undefined;
    // Item-level podcast:person tags replace the channel's, so the host is repeated here.
    const persons = [personTag(podcast.host, host, "host")];
    if (episode.guest && guest) persons.push(personTag(episode.guest, guest, "guest"));
    return [
      "    <item>",
      `      <title>${xml(episode.title)}</title>`,
      `      <guid isPermaLink="false">${xml(episode.guid)}</guid>`,
      `      <pubDate>${new Date(episode.pubDate).toUTCString()}</pubDate>`,
      `      <description>${xml(episode.description)}</description>`,
      `      <content:encoded>${showNotes(podcast, b)}</content:encoded>`,
      `      <enclosure url="../audio/${episode.guid}.mp3" length="${b.bytes}" type="audio/mpeg"/>`,
      `      <itunes:duration>${clockTime(b.duration, true)}</itunes:duration>`,
      `      <itunes:episode>${episode.number}</itunes:episode>`,
      "      <itunes:episodeType>full</itunes:episodeType>",
      "      <itunes:explicit>false</itunes:explicit>",
      `      <itunes:image href="${cover}"/>`,
      ...episode.themes.map((t) => `      <category>${xml(t)}</category>`),
      `      <podcast:transcript url="../transcripts/${episode.guid}.vtt" type="text/vtt" language="en" rel="captions"/>`,
      `      <podcast:chapters url="../chapters/${episode.guid}.json" type="application/json+chapters"/>`,
      ...persons.map((p) => `      ${p}`),
      "    </item>",
    ].join("\n");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">`,
    "  <channel>",
    `    <title>${xml(podcast.title)}</title>`,
    "    <link>../README.md</link>",
    `    <description>${xml(podcast.description)}</description>`,
    `    <language>${xml(podcast.language)}</language>`,
    `    <copyright>Original content written for Earmark, licensed under CC BY 4.0.</copyright>`,
    `    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`,
    "    <generator>Earmark scripts/build-demo-fixtures.ts</generator>",
    `    <itunes:author>${xml(podcast.author)}</itunes:author>`,
    `    <itunes:image href="${cover}"/>`,
    ...categoryTags(podcast.categories).map((c) => `    ${c}`),
    "    <itunes:explicit>false</itunes:explicit>",
    "    <itunes:type>episodic</itunes:type>",
    `    <podcast:guid>${podcast.guid}</podcast:guid>`,
    "    <podcast:medium>podcast</podcast:medium>",
    `    <podcast:license>${LICENSE}</podcast:license>`,
    `    ${personTag(podcast.host, host, "host")}`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Build

function loadPodcasts(): Podcast[] {
  const files = readdirSync(SOURCE_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const podcasts = files.map((file) => {
    const parsed = podcastSchema.safeParse(JSON.parse(readFileSync(path.join(SOURCE_DIR, file), "utf8")));
    if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    const podcast = parsed.data;
    if (`${podcast.slug}.json` !== file) throw new Error(`${file}: slug must match the file name`);
    const speakers = new Set(Object.keys(podcast.people));
    if (!speakers.has(podcast.host)) throw new Error(`${file}: unknown host ${podcast.host}`);
    for (const episode of podcast.episodes) {
      if (episode.guest && !speakers.has(episode.guest)) {
        throw new Error(`${file} ${episode.guid}: unknown guest ${episode.guest}`);
      }
      for (const section of episode.sections) {
        for (const [speaker] of section.lines) {
          if (speaker !== podcast.host && speaker !== episode.guest) {
            throw new Error(`${file} ${episode.guid}: ${speaker} is neither the host nor the guest`);
          }
        }
      }
    }
    return podcast;
  });
  const guids = podcasts.flatMap((p) => p.episodes.map((e) => e.guid));
  if (new Set(guids).size !== guids.length) throw new Error("episode guids must be unique");
  const people = new Map<string, string>();
  for (const podcast of podcasts) {
    for (const [slug, person] of Object.entries(podcast.people)) {
      const seen = people.get(slug);
      if (seen !== undefined && seen !== JSON.stringify(person)) {
        throw new Error(`person ${slug} is defined differently in two podcasts`);
      }
      people.set(slug, JSON.stringify(person));
    }
  }
  return podcasts;
}

async function buildEpisode(podcast: Podcast, episode: Episode): Promise<BuiltEpisode> {
  type Sentence = { speaker: string; text: string; gap: number; section: number };
  const sentences: Sentence[] = [];
  episode.sections.forEach((section, sectionIndex) => {
    section.lines.forEach(([speaker, line], lineIndex) => {
      splitSentences(line).forEach((text, sentenceIndex) => {
        let gap: number = PAUSE.sentence;
        if (sentences.length === 0) gap = PAUSE.leadIn;
        else if (lineIndex === 0 && sentenceIndex === 0) gap = PAUSE.section;
        else if (sentenceIndex === 0) gap = PAUSE.turn;
        sentences.push({ speaker, text, gap, section: sectionIndex });
      });
    });
  });

  const clips = await pool(
    sentences.map((s) => () => {
      const person = podcast.people[s.speaker];
      if (!person) throw new Error(`unknown speaker ${s.speaker}`);
      return synthesise(spokenText(s.text, podcast.pronounce), person);
    }),
    availableParallelism(),
  );

  const seconds = (samples: number) => samples / SAMPLE_RATE;
  const gapSamples = (gap: number) => Math.round(gap * SAMPLE_RATE);
  const total =
    sentences.reduce((sum, s, i) => sum + gapSamples(s.gap) + (clips[i]?.length ?? 0), 0) +
    gapSamples(PAUSE.tail);
  const audio = new Int16Array(total);
  const cues: Cue[] = [];
  const chapters: { startTime: number; title: string }[] = [];
  let position = 0;
  sentences.forEach((s, i) => {
    const clip = clips[i] ?? new Int16Array(0);
    position += gapSamples(s.gap);
    const speaker = podcast.people[s.speaker]?.name ?? s.speaker;
    if (chapters.length === s.section) {
      const startTime = s.section === 0 ? 0 : Math.round(seconds(position) * 1000) / 1000;
      chapters.push({ startTime, title: episode.sections[s.section]?.title ?? "" });
    }
    audio.set(clip, position);
    cues.push({ start: seconds(position), end: seconds(position + clip.length), speaker, text: s.text });
    position += clip.length;
  });

  const mp3 = path.join(ROOT, "audio", `${episode.guid}.mp3`);
  encodeMp3(audio, mp3);
  writeFileSync(path.join(ROOT, "transcripts", `${episode.guid}.vtt`), vtt(cues));
  writeFileSync(
    path.join(ROOT, "chapters", `${episode.guid}.json`),
    `${JSON.stringify({ version: "1.2.0", chapters }, null, 2)}\n`,
  );
  return { episode, duration: seconds(total), bytes: statSync(mp3).size, chapters };
}

function firstPubDate(podcast: Podcast): string {
  return podcast.episodes.map((e) => e.pubDate).sort()[0] ?? "";
}

function requireTool(command: string, args: string[], install: string): void {
  const result = spawnSync(command, args, { stdio: "ignore" });
  if (result.error || result.status !== 0) {
    throw new Error(`${command} is needed to regenerate the demo fixtures: apt-get install -y ${install}`);
  }
}

async function main(): Promise<void> {
  requireTool("espeak-ng", ["--version"], "espeak-ng");
  requireTool("ffmpeg", ["-version"], "ffmpeg");
  // Feeds in the order their first episodes came out, which is the order the shows are introduced.
  const podcasts = loadPodcasts().sort((a, b) => firstPubDate(a).localeCompare(firstPubDate(b)));
  if (process.argv.includes("--spoken")) {
    // Proofreading aid: every sentence as eSpeak will read it, without synthesising anything.
    for (const podcast of podcasts) {
      for (const episode of podcast.episodes) {
        for (const section of episode.sections) {
          for (const [speaker, line] of section.lines) {
            for (const sentence of splitSentences(line)) {
              process.stdout.write(
                `${episode.guid} ${speaker}: ${spokenText(sentence, podcast.pronounce)}\n`,
              );
            }
          }
        }
      }
    }
    return;
  }
  for (const dir of OUTPUT_DIRS) {
    rmSync(path.join(ROOT, dir), { recursive: true, force: true });
    mkdirSync(path.join(ROOT, dir), { recursive: true });
  }

  const feeds: string[] = [];
  for (const podcast of podcasts) {
    writeFileSync(path.join(ROOT, "covers", `${podcast.slug}.svg`), coverSvg(podcast));
    for (const [slug, person] of Object.entries(podcast.people)) {
      writeFileSync(path.join(ROOT, "people", `${slug}.svg`), avatarSvg(slug, person));
    }
    const built: BuiltEpisode[] = [];
    for (const episode of podcast.episodes) {
      const result = await buildEpisode(podcast, episode);
      built.push(result);
      process.stdout.write(
        `${episode.guid}  ${clockTime(result.duration, true)}  ${(result.bytes / 1024).toFixed(0)} KiB  ${episode.title}\n`,
      );
    }
    const feed = `feeds/${podcast.slug}.xml`;
    writeFileSync(path.join(ROOT, feed), feedXml(podcast, built));
    feeds.push(feed);
  }
  writeFileSync(path.join(ROOT, "feeds.json"), `${JSON.stringify(feeds, null, 2)}\n`);
  process.stdout.write(`Wrote ${feeds.length} feeds to ${path.relative(process.cwd(), ROOT) || "."}\n`);
}

await main();
