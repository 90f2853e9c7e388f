import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The ffmpeg binary shipped in @ffmpeg-installer's platform package (no download, no install script). */
function ffmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

export type AudioChunk = {
  /** Seconds from the start of the episode where this chunk begins. */
  offset: number;
  data: Buffer;
  fileName: string;
  mimeType: string;
};

/**
 * Re-encoded chunks are mono 16 kHz MP3 at this bitrate: what speech recognisers resample to anyway,
 * and small (an hour is ~14 MB), so the chunk length follows from the upload limit alone.
 */
export const CHUNK_BITRATE_BITS = 32_000;
/** Room for MP3 framing and the container, so no chunk exceeds the limit. */
const SIZE_MARGIN = 0.85;
/** Shortest chunk worth a request; a smaller upload limit is a configuration error. */
const MIN_CHUNK_SECONDS = 5;
/** A final chunk shorter than this holds no speech worth sending. */
const MIN_TAIL_SECONDS = 0.5;

export class AudioSplitError extends Error {
  override name = "AudioSplitError";
}

/** Seconds of audio per chunk so that a chunk at CHUNK_BITRATE_BITS stays under `maxBytes`. */
export function chunkSeconds(maxBytes: number): number {
  const seconds = Math.floor((maxBytes * SIZE_MARGIN * 8) / CHUNK_BITRATE_BITS);
  if (seconds < MIN_CHUNK_SECONDS) {
    throw new AudioSplitError(
      `An upload limit of ${maxBytes} bytes holds less than ${MIN_CHUNK_SECONDS} seconds of audio; raise TRANSCRIBE_MAX_UPLOAD_BYTES.`,
    );
  }
  return seconds;
}

/** ffmpeg's segment list (CSV): "file,start,end" per chunk, times in seconds. */
export function parseSegmentList(csv: string): { file: string; start: number; end: number }[] {
  return csv
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => {
      const [file = "", start = "", end = ""] = line.split(",");
      const [from, to] = [Number(start), Number(end)];
      if (!file || !Number.isFinite(from) || !Number.isFinite(to))
        throw new AudioSplitError(`Unreadable segment list line: ${line}`);
      return { file, start: from, end: to };
    });
}

/**
 * The audio as it can be uploaded: the file itself when it fits `maxBytes`, else re-encoded to mono
 * MP3 and cut into consecutive chunks, each with its offset in the episode so that the segments a
 * recogniser returns per chunk can be moved to episode time.
 */
export async function splitAudio(
  audio: Buffer,
  options: { fileName: string; mimeType: string; maxBytes: number; timeoutMs?: number },
): Promise<AudioChunk[]> {
  if (audio.length === 0) throw new AudioSplitError("The audio file is empty.");
  if (audio.length <= options.maxBytes) {
    return [{ offset: 0, data: audio, fileName: options.fileName, mimeType: options.mimeType }];
  }
  const seconds = chunkSeconds(options.maxBytes);
  const dir = await mkdtemp(path.join(os.tmpdir(), "earmark-audio-"));
  try {
    const input = path.join(dir, "input");
    await writeFile(input, audio);
    try {
      await run(
        ffmpegPath(),
        [
          ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
          ["-i", input, "-map", "0:a:0", "-vn", "-ac", "1", "-ar", "16000"],
          ["-c:a", "libmp3lame", "-b:a", String(CHUNK_BITRATE_BITS)],
          ["-f", "segment", "-segment_time", String(seconds), "-reset_timestamps", "1"],
          ["-segment_list", path.join(dir, "chunks.csv"), "-segment_list_type", "csv"],
          [path.join(dir, "chunk-%04d.mp3")],
        ].flat(),
        { timeout: options.timeoutMs ?? 10 * 60_000, maxBuffer: 1024 * 1024 },
      );
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim().split("\n").at(-1);
      throw new AudioSplitError(`The audio could not be decoded${stderr ? `: ${stderr}` : "."}`);
    }
    const listed = parseSegmentList(await readFile(path.join(dir, "chunks.csv"), "utf8"));
    const files = new Set(await readdir(dir));
    const chunks: AudioChunk[] = [];
    for (const { file, start, end } of listed) {
      // The cut can leave a last sliver of a few milliseconds; recognisers refuse audio that short.
      if (end - start < MIN_TAIL_SECONDS && listed.length > 1) continue;
      if (!files.has(file)) throw new AudioSplitError(`ffmpeg listed a chunk it did not write: ${file}`);
      chunks.push({
        offset: start,
        data: await readFile(path.join(dir, file)),
        fileName: file,
        mimeType: "audio/mpeg",
      });
    }
    if (!chunks.length) throw new AudioSplitError("The audio file holds no audio.");
    return chunks;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
