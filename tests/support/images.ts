import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";

/** Test images made on the spot with sharp, for the avatar unit and API tests. */

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

export function solidImage(width: number, height: number, background = "#3a7") {
  return sharp({ create: { width, height, channels: 3, background } });
}

export const makePng = (width = 300, height = 200) => solidImage(width, height).png().toBuffer();
export const makeWebp = (width = 300, height = 200) => solidImage(width, height).webp().toBuffer();
export const makeGif = (width = 60, height = 40) => solidImage(width, height).gif().toBuffer();
/** A two-frame animated GIF: a red frame, then a blue one. */
export async function makeAnimatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    [solidImage(40, 40, "#dc1e1e"), solidImage(40, 40, "#1e1edc")].map((f) => f.png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer();
}

export const makeAvif = (width = 60, height = 40) => solidImage(width, height).avif().toBuffer();

/**
 * A 400×200 JPEG, red on the left half and blue on the right, whose EXIF says "rotate 90° clockwise
 * to display" (orientation 6) and carries a GPS position and a camera model, with a Display P3 ICC
 * profile. Shown upright it is 200×400, red on top and blue below.
 */
export async function makeRotatedJpegWithGps(): Promise<Buffer> {
  const width = 400;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const { r, g, b } = x < width / 2 ? RED : BLUE;
      pixels.set([r, g, b], (y * width + x) * 3);
    }
  }
  const exif = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Secret Model 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "59/1 19/1 3/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "18/1 4/1 7/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile("p3")
    .jpeg({ quality: 95 })
    .toBuffer();
  return exif;
}

/** A 1×1 PNG whose header says 20000×20000 (400 megapixels): a decompression bomb's header. */
export async function makePngBomb(): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // IHDR: length (8), "IHDR" (12), width (16), height (20), … CRC over type + data at 29.
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A PNG of random pixels, which do not compress: about 3 MB. */
export function makeNoisePng(width = 1024, height = 1024): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const HTML_PAGE = Buffer.from(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);
export const PDF_FILE = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** The colour at (x, y) of an encoded image, as [r, g, b]. */
export async function readPixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

export const isReddish = ([r = 0, g = 0, b = 0]: number[]) => r > 150 && g < 90 && b < 90;
export const isBluish = ([r = 0, g = 0, b = 0]: number[]) => b > 150 && r < 90 && g < 90;
