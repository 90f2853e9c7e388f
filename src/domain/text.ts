import { z } from "zod";

/**
 * Text the app stores or searches must be well-formed: no NUL character (PostgreSQL refuses it in
 * text, which used to surface as a 500) and no unpaired UTF-16 surrogate (half of an emoji or other
 * astral character, which cannot be encoded as UTF-8). The forms show these messages under the
 * field; the API answers 400 with the field named (src/server/lib/text-inputs.ts checks every
 * request centrally, so a route whose schema forgets this is still covered).
 */
export const textNotices = {
  nul: "This text contains a null character (U+0000), which is not allowed. Remove it and try again.",
  loneSurrogate:
    "This text contains a broken character (half of an emoji or symbol). Retype it and try again.",
} as const;

/**
 * A high surrogate not followed by a low one, or a low surrogate not preceded by a high one
 * (written without a lookbehind, which Safari before 16.4 cannot parse).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasNulCharacter(value: string): boolean {
  return value.includes("\u0000");
}

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** The notice for the first problem in `value`, or null when it is well-formed text. */
export function findTextProblem(value: string): string | null {
  if (hasNulCharacter(value)) return textNotices.nul;
  if (hasLoneSurrogate(value)) return textNotices.loneSurrogate;
  return null;
}

/**
 * The shared string schema: a string (with `error` when it is not one) that refuses NUL and lone
 * surrogates. Chain `.trim()`, `.min()`, `.max()` on it as on `z.string()`.
 */
export function createTextField(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine((value) => !hasNulCharacter(value), { error: textNotices.nul })
    .refine((value) => !hasLoneSurrogate(value), { error: textNotices.loneSurrogate });
}

export type TextProblem = { path: string; message: string };

/** A key as it may be shown in `fields`: the offending characters become U+FFFD. */
function toShownKey(key: string): string {
  let shown = "";
  for (const character of key)
    shown += character === "\u0000" || hasLoneSurrogate(character) ? "\uFFFD" : character;
  return shown;
}

/**
 * The first string (value or object key) in parsed JSON that is not well-formed text, with its
 * path in the API's `fields` form ("items.0.title"); null when every string is fine. Iterative, so
 * a deeply nested body cannot overflow the stack.
 */
export function findTextProblemIn(root: unknown): TextProblem | null {
  // Each entry points at its parent, so the path is only built for the string that fails.
  type Entry = { value: unknown; name: string | null; isObjectKey: boolean; parent: Entry | null };
  const pathOf = (entry: Entry, shown: (name: string) => string = (name) => name) => {
    const names: string[] = [];
    for (let at: Entry | null = entry; at?.name != null; at = at.parent) names.push(shown(at.name));
    return names.reverse().join(".") || "body";
  };
  const stack: Entry[] = [{ value: root, name: null, isObjectKey: false, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const keyMessage = entry.isObjectKey && entry.name !== null ? findTextProblem(entry.name) : null;
    if (keyMessage) return { path: pathOf(entry, toShownKey), message: keyMessage };
    const { value } = entry;
    if (typeof value === "string") {
      const message = findTextProblem(value);
      if (message) return { path: pathOf(entry), message };
    } else if (Array.isArray(value)) {
      // Pushed in reverse, so fields are checked in order.
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], name: String(index), isObjectKey: false, parent: entry });
      }
    } else if (value && typeof value === "object") {
      for (const [name, item] of Object.entries(value).reverse()) {
        stack.push({ value: item, name, isObjectKey: true, parent: entry });
      }
    }
  }
  return null;
}
