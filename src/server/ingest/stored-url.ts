/**
 * URLs on the app's own origin (the demo catalog) are stored as paths, so they keep working when
 * the server moves to another host or port; everything else is stored absolute.
 */
export function toStoredUrl(url: string | null | undefined, ownOrigin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.origin === new URL(ownOrigin).origin) return `${parsed.pathname}${parsed.search}`;
    return parsed.toString();
  } catch {
    return null;
  }
}

/** The fetchable absolute URL of a stored one. */
export function toAbsoluteUrl(stored: string, ownOrigin: string): string {
  return new URL(stored, ownOrigin).toString();
}
