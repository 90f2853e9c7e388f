/**
 * Numbers in one written form, so a listener's "2,800" finds the speaker's "twenty-eight hundred" and
 * "seventy-two" finds "72": thousands separators go, number words become digits. Used where Ask
 * compares a question with the transcript (retrieval and answer selection), never on text a person
 * reads.
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1_000,
  million: 1_000_000,
  billion: 1_000_000_000,
};

const NUMBER_WORD = [...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join("|");
/** A run of number words, joined by spaces, hyphens or "and" ("three hundred and twelve"). */
const WORD_RUN = new RegExp(`\\b(?:${NUMBER_WORD})(?:(?:\\s+and\\s+|[\\s-]+)(?:${NUMBER_WORD}))*\\b`, "gi");
/** Digits with thousands separators: 2,800 / 1,000,000 (not "1,2" or a list "3, 4"). */
const GROUPED = /\b\d{1,3}(?:,\d{3})+(?!\d)/g;
/** Digits followed by a scale word: "2.8 million", "5 thousand". */
const DIGITS_SCALE = /\b(\d+(?:\.\d+)?)\s+(hundred|thousand|million|billion)\b/gi;

const TENS_WORD = Object.keys(TENS).join("|");
const DIGIT_WORD = "one|two|three|four|five|six|seven|eight|nine";
const TEEN_WORD = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen";
/**
 * A year said in two pairs: "nineteen eighty-one" → 1981, "twenty twelve" → 2012, "nineteen oh five"
 * → 1905. Centuries 16–20 only, so "ten fifteen" (a time) stays as it is.
 */
const YEAR_PAIR = new RegExp(
  `\\b(sixteen|seventeen|eighteen|nineteen|twenty)[\\s-]+((?:${TENS_WORD})(?:[\\s-]+(?:${DIGIT_WORD}))?|${TEEN_WORD}|oh[\\s-]+(?:${DIGIT_WORD}))\\b`,
  "gi",
);
/** "two point five" → 2.5, after the number words became digits ("2 point 5", "2 point one two"). */
const SPOKEN_DECIMAL = new RegExp(
  `\\b(\\d+) point ((?:\\d|${DIGIT_WORD}|zero|oh)(?:\\s(?:\\d|${DIGIT_WORD}|zero|oh))*)\\b`,
  "gi",
);
const DIGIT_VALUE: Record<string, string> = {
  zero: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};

function yearValue(century: string, rest: string): string | null {
  const high = UNITS[century.toLowerCase()] ?? TENS[century.toLowerCase()];
  const words = rest.toLowerCase().split(/[\s-]+/);
  const low = words[0] === "oh" ? (UNITS[words[1] ?? ""] ?? null) : wordsToNumber(rest);
  return high === undefined || low === null || low >= 100 ? null : String(high * 100 + low);
}

/** The value of a run of number words, or null when it is not one number ("one two"). */
export function wordsToNumber(run: string): number | null {
  const words = run
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((word) => word && word !== "and");
  let total = 0;
  let current = 0;
  let last: "unit" | "ten" | "scale" | null = null;
  for (const word of words) {
    if (Object.hasOwn(UNITS, word)) {
      // "one two" or "twenty twelve" are two numbers, not one.
      if (last === "unit" || (last === "ten" && (UNITS[word] ?? 0) >= 10)) return null;
      current += UNITS[word] ?? 0;
      last = "unit";
    } else if (Object.hasOwn(TENS, word)) {
      if (last === "unit" || last === "ten") return null;
      current += TENS[word] ?? 0;
      last = "ten";
    } else if (Object.hasOwn(SCALES, word)) {
      const scale = SCALES[word] ?? 1;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
      last = "scale";
    } else return null;
  }
  return total + current;
}

const DECADES = /\b(\d+|an?) decades?\b/gi;
const DOZENS = /\b(\d+|an?) dozens?\b/gi;
/** A year said by its last two digits: "in '81", "the '90s", "back in ’05". */
const SHORT_YEAR = /(?<![\p{L}\p{N}'’])['’](\d{2})(s?)\b/gu;
/** Two-digit years up to this one are this century's ("'05"); later ones the last ("'81"). */
const SHORT_YEAR_PIVOT = 30;
const unitCount = (count: string) => (/^an?$/i.test(count) ? 1 : Number(count));

/**
 * The text with numbers in digits: "2,800" → "2800", "twenty-eight hundred" → "2800",
 * "seventy-two" → "72", "2.8 million" → "2800000", "two decades" → "20 years", "a dozen" → "12",
 * "'81" → "1981".
 * A lone "one" stays a word ("no one", "the one who"), as do runs that are not a single number.
 */
export function normalizeNumbers(text: string): string {
  return (
    text
      .replace(
        SHORT_YEAR,
        (_match, digits: string, plural: string) =>
          `${Number(digits) <= SHORT_YEAR_PIVOT ? "20" : "19"}${digits}${plural}`,
      )
      .replace(YEAR_PAIR, (match, century: string, rest: string) => yearValue(century, rest) ?? match)
      .replace(GROUPED, (match) => match.replace(/,/g, ""))
      .replace(DIGITS_SCALE, (match, digits: string, scale: string) => {
        const value = Number(digits) * (SCALES[scale.toLowerCase()] ?? 1);
        return Number.isSafeInteger(value) ? String(value) : match;
      })
      .replace(WORD_RUN, (match) => {
        if (/^(?:one|zero)$/i.test(match)) return match;
        const value = wordsToNumber(match);
        return value === null ? match : String(value);
      })
      .replace(SPOKEN_DECIMAL, (_match, whole: string, digits: string) => {
        const decimals = digits
          .trim()
          .toLowerCase()
          .split(/\s+/)
          .map((word) => DIGIT_VALUE[word] ?? word);
        return `${whole}.${decimals.join("")}`;
      })
      // Spans and counts said in other units: "two decades" meets "20 years", "a dozen" meets "12".
      .replace(DECADES, (_match, count: string) => `${unitCount(count) * 10} years`)
      .replace(DOZENS, (_match, count: string) => String(unitCount(count) * 12))
  );
}
