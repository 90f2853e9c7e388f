import path from "node:path";
import sharp from "sharp";

/**
 * `npx tsx scripts/make-icons.ts`: the install icons from the brand mark (src/web/public/favicon.svg),
 * written next to it. Run again when the mark changes; the PNGs are committed.
 */
const publicDir = path.resolve(import.meta.dirname, "../src/web/public");
const BRAND = "#4f46e5";

/** The mark drawn on its own 32-unit grid (favicon.svg without its rounded tile). */
const MARK = `
  <path d="M10 5h12a1.5 1.5 0 0 1 1.5 1.5v19.4a.9.9 0 0 1-1.45.71L16 22l-6.05 4.61a.9.9 0 0 1-1.45-.71V6.5A1.5 1.5 0 0 1 10 5Z" fill="#fbbf24"/>
  <path d="M12.5 12v3.5M16 9.5v8.5M19.5 12v3.5" stroke="#312e81" stroke-width="2" stroke-linecap="round"/>`;

/** Rounded tile (like the favicon) for "any"; full bleed with the mark inside the 80 % safe zone for "maskable". */
const svg = (isMaskable: boolean) => {
  const scale = isMaskable ? 0.7 : 1;
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="${isMaskable ? 0 : 7}" fill="${BRAND}"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>
  </svg>`;
};

const icons = [
  { file: "icon-192.png", size: 192, isMaskable: false },
  { file: "icon-512.png", size: 512, isMaskable: false },
  { file: "icon-maskable-512.png", size: 512, isMaskable: true },
  // iOS rounds the corners itself and shows transparency as black: a full-bleed tile.
  { file: "apple-touch-icon.png", size: 180, isMaskable: true },
];

for (const { file, size, isMaskable } of icons) {
  await sharp(Buffer.from(svg(isMaskable)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, file));
  console.log(`${file} ${size}×${size}`);
}
