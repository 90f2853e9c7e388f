import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

/** A mono 16 kHz WAV of a sine tone, made by the ffmpeg the app ships with (no fixture file needed). */
export async function makeSineWav(seconds: number, frequency = 440): Promise<Buffer> {
  const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const { stdout } = await promisify(execFile)(
    ffmpeg,
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=${frequency}:duration=${seconds}`,
    ].concat(["-ar", "16000", "-ac", "1", "-f", "wav", "pipe:1"]),
    { encoding: "buffer", maxBuffer: 20 * 1024 * 1024 },
  );
  return stdout;
}
