/** The file name from Content-Disposition (`attachment; filename="…"`), else the fallback. */
export function fileNameFrom(contentDisposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/i.exec(contentDisposition ?? "")?.[1] ?? fallback;
}

/**
 * Fetches a file from the API (with the session cookie) and hands it to the browser as a download.
 * The shared API client reads JSON; a download needs the raw body and headers, hence fetch.
 */
export async function downloadExport(
  path: string,
  init: { method: "GET" } | { method: "POST"; body: object },
  fallbackName: string,
): Promise<void> {
  const response = await fetch(path, {
    method: init.method,
    credentials: "include",
    headers: init.method === "POST" ? { "Content-Type": "application/json" } : {},
    body: init.method === "POST" ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error("Export failed");
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFrom(response.headers.get("content-disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const exportPaths = {
  anki: "/api/v1/exports/anki",
  markdown: (episodeId: string) => `/api/v1/episodes/${encodeURIComponent(episodeId)}/export.md`,
};
