import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../lib/errors.ts";

/** The raster formats an avatar may be uploaded in, told apart by their first bytes. */
export type AvatarInputFormat = "png" | "jpeg" | "webp" | "gif" | "avif";

/** The stored sizes, in pixels: the profile picture and a small one for lists. */
export const AVATAR_SIZES = { large: 512, small: 256 } as const;

/**
 * The most pixels an upload may declare (40 megapixels, more than a phone photo under 2 MB). Checked
 * from the header before decoding, and again by sharp while decoding, so a small file that declares a
 * huge image (a decompression bomb) is refused without allocating its pixels.
 */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;

export const NOT_AN_IMAGE_MESSAGE = "Please select an image file (PNG, JPEG, WebP, GIF or AVIF).";
export const TOO_MANY_PIXELS_MESSAGE =
  "This image is too large in pixels: please select an image of at most 40 megapixels.";
export const UNREADABLE_IMAGE_MESSAGE =
  "This image could not be read: the file may be damaged. Please select another image.";

export type ProcessedAvatar = {
  large: Buffer;
  small: Buffer;
  /** The first 16 hex digits of the large file's SHA-256: the URL's version. */
  version: string;
};

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The ISO-BMFF brands of an `ftyp` box (major and compatible) when the bytes start with one. */
function readFtypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return [];
  const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/**
 * What the bytes are, by their signature alone; null for anything else (text, HTML, SVG, PDF, TIFF…).
 * The declared Content-Type and file name are never consulted, and only these formats ever reach
 * the decoder: SVG in particular is never handed to sharp's SVG renderer.
 */
export function sniffImageFormat(bytes: Uint8Array): AvatarInputFormat | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "gif";
  if (readFtypBrands(bytes).some((brand) => brand === "avif" || brand === "avis")) return "avif";
  return null;
}

/** The format name sharp reports for each accepted signature (AVIF is HEIF with AV1 inside). */
const SHARP_FORMAT: Record<AvatarInputFormat, string> = {
  png: "png",
  jpeg: "jpeg",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

const unprocessable = (message: string) => new AppError("UNPROCESSABLE", message);

/** sharp's failure as the person's problem: too many pixels (its limitInputPixels), else unreadable. */
function toImageError(error: unknown): AppError {
  const isPixelLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return unprocessable(isPixelLimit ? TOO_MANY_PIXELS_MESSAGE : UNREADABLE_IMAGE_MESSAGE);
}

/**
 * Turns an uploaded image into the stored avatar: oriented by its EXIF tag, cropped to a centred
 * square, re-encoded as WebP at 512 and 256 px. Re-encoding keeps only pixels: EXIF (with GPS), XMP,
 * IPTC, comments and ICC profiles are dropped (colours are converted to sRGB first), and whatever
 * else the file carried (a polyglot's script, trailing bytes) is gone. An animation keeps its first
 * frame. Refuses with 422 what is not one of the accepted formats, declares too many pixels, or
 * cannot be decoded.
 */
export async function processAvatarImage(bytes: Uint8Array): Promise<ProcessedAvatar> {
  const format = sniffImageFormat(bytes);
  if (!format) throw unprocessable(NOT_AN_IMAGE_MESSAGE);

  const options = {
    limitInputPixels: AVATAR_MAX_INPUT_PIXELS,
    autoOrient: true,
    pages: 1,
    failOn: "error",
  } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw toImageError(error);
  }
  if (metadata.format !== SHARP_FORMAT[format]) throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  if (format === "avif" && metadata.compression !== "av1") throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw unprocessable(UNREADABLE_IMAGE_MESSAGE);
  if (width * height > AVATAR_MAX_INPUT_PIXELS) throw unprocessable(TOO_MANY_PIXELS_MESSAGE);

  const encode = (size: number) =>
    sharp(bytes, options)
      .resize(size, size, { fit: "cover", position: "centre" })
      .webp({ quality: 82, effort: 4 })
      // A 2 MB image takes well under a second; a file crafted to be slow to decode stops here.
      .timeout({ seconds: 15 })
      .toBuffer();
  try {
    const [large, small] = await Promise.all([encode(AVATAR_SIZES.large), encode(AVATAR_SIZES.small)]);
    const version = createHash("sha256").update(large).digest("hex").slice(0, 16);
    return { large, small, version };
  } catch (error) {
    throw toImageError(error);
  }
}
