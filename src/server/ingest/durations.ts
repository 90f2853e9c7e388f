/** Longer than this is a publisher mistake (often milliseconds), not an episode. */
const MAX_SECONDS = 30 * 24 * 60 * 60;

const finite = (seconds: number): number | null =>
  Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_SECONDS ? Math.round(seconds) : null;

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1, d: 86400 };

/**
 * Whole seconds (rounded) from an itunes:duration-like value, or null when it cannot be read.
 * Accepts: numbers, "3723", "3723.5", "3723,5", "1:02:03", "62:03", "1:02:03.250", "PT1H2M3S",
 * "P0DT1H", "1h 2m 3s", "62 min", "1 hour 2 minutes", "45 mins". Negative values, values over 30 days
 * and anything else give null.
 */
export function parseDuration(value: unknown): number | null {
  if (typeof value === "number") return finite(value);
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  if (!text) return null;

  // Plain seconds, with a decimal point or comma.
  if (/^\d+(?:[.,]\d+)?$/.test(text)) return finite(Number(text.replace(",", ".")));

  // h:mm:ss, mm:ss, h:mm:ss.fff (a minute/second field above 59 is tolerated: "62:03").
  const clock = /^(\d+):(\d+)(?::(\d+))?(?:[.,](\d+))?$/.exec(text);
  if (clock) {
    const [, a = "0", b = "0", c, fraction] = clock;
    const seconds =
      c === undefined ? Number(a) * 60 + Number(b) : Number(a) * 3600 + Number(b) * 60 + Number(c);
    return finite(seconds + (fraction ? Number(`0.${fraction}`) : 0));
  }

  // ISO 8601 durations: PT1H2M3S, PT45M, P1DT2H, PT3723.5S.
  const iso =
    /^p(?:(\d+(?:[.,]\d+)?)d)?(?:t(?:(\d+(?:[.,]\d+)?)h)?(?:(\d+(?:[.,]\d+)?)m)?(?:(\d+(?:[.,]\d+)?)s)?)?$/.exec(
      text,
    );
  if (iso && text !== "p" && text !== "pt") {
    const [, d, h, m, s] = iso;
    const n = (part: string | undefined) => (part ? Number(part.replace(",", ".")) : 0);
    return finite(n(d) * 86400 + n(h) * 3600 + n(m) * 60 + n(s));
  }

  // Words: "1h 2m 3s", "1 hr 2 min", "62 minutes", "1 hour, 5 mins and 3 secs".
  const unitPattern =
    /(\d+(?:[.,]\d+)?)\s*(d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)(?![a-z])/g;
  const rest = text.replace(unitPattern, "").replace(/[\s,]|and/g, "");
  if (rest === "") {
    let total = 0;
    let matched = false;
    for (const match of text.matchAll(unitPattern)) {
      matched = true;
      const unit = (match[2] ?? "s").charAt(0);
      total += Number((match[1] ?? "0").replace(",", ".")) * (UNIT_SECONDS[unit] ?? 1);
    }
    if (matched) return finite(total);
  }
  return null;
}
