import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  HTML_PAGE,
  isBluish,
  isReddish,
  makeAnimatedGif,
  makeAvif,
  makeGif,
  makePng,
  makePngBomb,
  makeRotatedJpegWithGps,
  makeWebp,
  PDF_FILE,
  readPixel,
  SVG_IMAGE,
} from "../../../../tests/support/images.ts";
import {
  NOT_AN_IMAGE_MESSAGE,
  processAvatarImage,
  sniffImageFormat,
  TOO_MANY_PIXELS_MESSAGE,
  UNREADABLE_IMAGE_MESSAGE,
} from "./avatar-image.ts";

describe("sniffImageFormat", () => {
  it("tells the accepted formats from their first bytes", async () => {
    expect(sniffImageFormat(await makePng())).toBe("png");
    expect(sniffImageFormat(await makeRotatedJpegWithGps())).toBe("jpeg");
    expect(sniffImageFormat(await makeWebp())).toBe("webp");
    expect(sniffImageFormat(await makeGif())).toBe("gif");
    expect(sniffImageFormat(await makeAvif())).toBe("avif");
  });

  it("finds no image in text, markup, PDF, TIFF or too few bytes", async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    for (const bytes of [
      Buffer.from("hello"),
      SVG_IMAGE,
      HTML_PAGE,
      PDF_FILE,
      tiff,
      Buffer.from([0x89, 0x50]),
    ]) {
      expect(sniffImageFormat(bytes)).toBeNull();
    }
  });
});

describe("processAvatarImage", () => {
  it("makes 512 and 256 px square WebP files and a version from the content", async () => {
    const result = await processAvatarImage(await makePng(300, 200));
    const large = await sharp(result.large).metadata();
    const small = await sharp(result.small).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 512, 512]);
    expect([small.format, small.width, small.height]).toEqual(["webp", 256, 256]);
    expect(result.version).toMatch(/^[0-9a-f]{16}$/);
    const other = await processAvatarImage(
      await sharp(await makePng(300, 200))
        .negate()
        .png()
        .toBuffer(),
    );
    expect(other.version).not.toBe(result.version);
  });

  it("turns the picture upright by its EXIF tag and keeps no EXIF, GPS, ICC or XMP", async () => {
    const input = await makeRotatedJpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from("Secret Model 9"))).toBe(true);
    expect(before.icc).toBeDefined();
    // The GPS IFD pointer (tag 0x8825), big- or little-endian.
    const hasGpsTag = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])].some((tag) =>
      before.exif?.includes(tag),
    );
    expect(hasGpsTag).toBe(true);

    const { large } = await processAvatarImage(input);
    const after = await sharp(large).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(large.includes(Buffer.from("Secret Model 9"))).toBe(false);
    // Upright, the picture is red above blue; the centre square keeps both halves.
    expect(isReddish(await readPixel(large, 400, 60))).toBe(true);
    expect(isBluish(await readPixel(large, 400, 450))).toBe(true);
  });

  it("keeps nothing but pixels from a polyglot (a PNG followed by a script)", async () => {
    const polyglot = Buffer.concat([await makePng(), HTML_PAGE]);
    const { large, small } = await processAvatarImage(polyglot);
    for (const output of [large, small]) expect(output.includes(Buffer.from("<script"))).toBe(false);
  });

  it("keeps the first frame of an animation, as a still WebP", async () => {
    const gif = await makeAnimatedGif();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const { large } = await processAvatarImage(gif);
    const metadata = await sharp(large).metadata();
    expect([metadata.format, metadata.pages ?? 1, metadata.height]).toEqual(["webp", 1, 512]);
    expect(isReddish(await readPixel(large, 256, 256))).toBe(true);
  });

  it("accepts GIF and AVIF", async () => {
    for (const input of [await makeGif(), await makeAvif()]) {
      const { large } = await processAvatarImage(input);
      expect((await sharp(large).metadata()).format).toBe("webp");
    }
  });

  it("refuses what is not a raster image, whatever it claims to be", async () => {
    for (const bytes of [Buffer.from("just text"), SVG_IMAGE, HTML_PAGE, PDF_FILE]) {
      await expect(processAvatarImage(bytes)).rejects.toMatchObject({
        status: 422,
        message: NOT_AN_IMAGE_MESSAGE,
      });
    }
  });

  it("refuses a decompression bomb from its header, quickly", async () => {
    const started = performance.now();
    await expect(processAvatarImage(await makePngBomb())).rejects.toMatchObject({
      status: 422,
      message: TOO_MANY_PIXELS_MESSAGE,
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses damaged images", async () => {
    const png = await makePng(600, 400);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const scrambled = Buffer.from(png).fill(0x41, 60, png.length - 20);
    const headerOnly = png.subarray(0, 40);
    for (const bytes of [truncated, scrambled, headerOnly]) {
      await expect(processAvatarImage(bytes)).rejects.toMatchObject({
        status: 422,
        message: UNREADABLE_IMAGE_MESSAGE,
      });
    }
  });
});
