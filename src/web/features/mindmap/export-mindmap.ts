import type { MindmapData } from "~/domain/contract/learning";
import { mindmapExportFileName, mindmapToJson, mindmapToMarkdown, mindmapToText } from "~/domain/mindmap";

export type MindmapExportFormat = "json" | "md" | "txt" | "png";

/** Exported PNGs are drawn at twice the canvas size, sharp on high-density screens. */
export const PNG_SCALE = 2;

/** Saves a Blob through <a download> and an object URL (allowed by the CSP; blob: images are not). */
function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const textTypes = {
  json: "application/json",
  md: "text/markdown",
  txt: "text/plain",
} as const;

export async function exportMindmap(
  map: MindmapData,
  format: MindmapExportFormat,
  svg: SVGSVGElement | null,
): Promise<void> {
  const fileName = mindmapExportFileName(map.episodeTitle, format);
  if (format === "png") {
    if (!svg) throw new Error("The canvas is not on screen.");
    downloadBlob(await renderSvgToPng(svg), fileName);
    return;
  }
  const text =
    format === "json" ? mindmapToJson(map) : format === "md" ? mindmapToMarkdown(map) : mindmapToText(map);
  downloadBlob(new Blob([text], { type: `${textTypes[format]};charset=utf-8` }), fileName);
}

/** Presentation properties that Tailwind classes set through CSS variables: inlined from the computed style. */
const INLINED_STYLES = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-opacity",
  "stroke-width",
  "stroke-dasharray",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "paint-order",
  "visibility",
  "display",
] as const;

/**
 * The canvas as it is on screen (same zoom and pan) as a PNG at PNG_SCALE ×, on the theme's
 * background. The clone gets the computed colours inlined, since the standalone SVG image cannot see
 * the page's stylesheet or CSS variables; it is loaded as a data: URL because the CSP forbids blob: images.
 */
export async function renderSvgToPng(svg: SVGSVGElement): Promise<Blob> {
  const box = svg.viewBox.baseVal;
  const width = box.width * PNG_SCALE;
  const height = box.height * PNG_SCALE;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const sources = [svg, ...svg.querySelectorAll<SVGElement>("*")];
  const targets = [clone, ...clone.querySelectorAll<SVGElement>("*")];
  sources.forEach((source, index) => {
    const target = targets[index];
    if (!target) return;
    const computed = getComputedStyle(source);
    const style = INLINED_STYLES.map((name) => `${name}:${computed.getPropertyValue(name)}`).join(";");
    target.setAttribute("style", style);
    target.removeAttribute("class");
  });
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  const background = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  background.setAttribute("x", String(box.x));
  background.setAttribute("y", String(box.y));
  background.setAttribute("width", String(box.width));
  background.setAttribute("height", String(box.height));
  background.setAttribute("fill", themeBackground(svg));
  clone.insertBefore(background, clone.firstChild);

  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  image.decoding = "async";
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas.");
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The PNG could not be encoded."))),
      "image/png",
    ),
  );
}

/** The canvas's own background (the theme's card colour), else the page's. */
function themeBackground(svg: SVGSVGElement): string {
  const isTransparent = (colour: string) =>
    !colour || colour === "transparent" || colour === "rgba(0, 0, 0, 0)";
  const own = getComputedStyle(svg).backgroundColor;
  if (!isTransparent(own)) return own;
  const page = getComputedStyle(document.body).backgroundColor;
  return isTransparent(page) ? "#ffffff" : page;
}
