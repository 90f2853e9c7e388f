import { type ClassValue, clsx } from "clsx";

/**
 * Merge class names, letting later Tailwind utilities override earlier conflicting ones
 * (`cn("h-10 px-4", "h-auto px-0")` → `"h-auto px-0"`).
 *
 * A small resolver for the utilities this app uses instead of tailwind-merge (≈ 8 KB gzip in every
 * page's JavaScript): each class is reduced to a conflict group (same variants, same property),
 * and a later class replaces earlier ones of its group — and of the groups it covers (`p-*` covers
 * `px-*`, `size-*` covers `w-*`/`h-*`, …). Unknown classes are kept as they are.
 */
export function cn(...inputs: ClassValue[]): string {
  const classList = clsx(inputs);
  let merged = cache.get(classList);
  if (merged === undefined) {
    // The same few hundred class lists come back on every render: merge each once.
    if (cache.size >= CACHE_LIMIT) cache.clear();
    merged = mergeClasses(classList);
    cache.set(classList, merged);
  }
  return merged;
}

const CACHE_LIMIT = 1000;
const cache = new Map<string, string>();

const TEXT_SIZES = /^text-(xs|sm|base|lg|xl|[2-9]xl|\[[^\]]*(px|rem|em)\])(\/.+)?$/;
const SPACING_SIDES: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pl", "pr", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["ml", "mr", "ms", "me"],
  my: ["mt", "mb"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["left", "right"],
  "inset-y": ["top", "bottom"],
  size: ["w", "h"],
  rounded: [
    "rounded-t",
    "rounded-r",
    "rounded-b",
    "rounded-l",
    "rounded-tl",
    "rounded-tr",
    "rounded-br",
    "rounded-bl",
  ],
  overflow: ["overflow-x", "overflow-y"],
  gap: ["gap-x", "gap-y"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
};

/** Fixed-value groups: the group name for a whole class. */
const KEYWORD_GROUPS: [RegExp, string][] = [
  [
    /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|flow-root|list-item)$/,
    "display",
  ],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(sr-only|not-sr-only)$/, "sr"],
  [/^(visible|invisible|collapse)$/, "visibility"],
  [/^flex-(row|col)(-reverse)?$/, "flex-direction"],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, "flex-wrap"],
  [/^(truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^font-(sans|serif|mono)$/, "font-family"],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(underline|overline|line-through|no-underline)$/, "text-decoration"],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^(outline-none|outline|outline-hidden|outline-dashed|outline-dotted|outline-double)$/, "outline-style"],
  [/^object-(contain|cover|fill|none|scale-down)$/, "object-fit"],
  [
    /^(transition|transition-all|transition-colors|transition-opacity|transition-shadow|transition-transform|transition-none|transition-\[.*\])$/,
    "transition",
  ],
];

/** Prefix groups: the longest matching prefix names the group (`min-w-0` → "min-w"). */
const PREFIXES = [
  "inset-x",
  "inset-y",
  "inset",
  "top",
  "right",
  "bottom",
  "left",
  "z",
  "order",
  "basis",
  "grow",
  "shrink",
  "flex",
  "grid-cols",
  "grid-rows",
  "col-span",
  "row-span",
  "col",
  "row",
  "gap-x",
  "gap-y",
  "gap",
  "justify-items",
  "justify-self",
  "justify",
  "items",
  "self",
  "content",
  "place-items",
  "place-content",
  "place-self",
  "px",
  "py",
  "pt",
  "pr",
  "pb",
  "pl",
  "ps",
  "pe",
  "p",
  "mx",
  "my",
  "mt",
  "mr",
  "mb",
  "ml",
  "ms",
  "me",
  "m",
  "space-x",
  "space-y",
  "min-w",
  "max-w",
  "min-h",
  "max-h",
  "size",
  "w",
  "h",
  "leading",
  "tracking",
  "line-clamp",
  "whitespace",
  "break",
  "decoration",
  "underline-offset",
  "indent",
  "align",
  "list",
  "rounded-tl",
  "rounded-tr",
  "rounded-br",
  "rounded-bl",
  "rounded-t",
  "rounded-r",
  "rounded-b",
  "rounded-l",
  "rounded",
  "opacity",
  "shadow",
  "ring-offset",
  "ring",
  "outline-offset",
  "outline",
  "blur",
  "backdrop-blur",
  "backdrop",
  "fill",
  "stroke",
  "cursor",
  "pointer-events",
  "select",
  "resize",
  "scroll",
  "snap",
  "touch",
  "will-change",
  "appearance",
  "overflow-x",
  "overflow-y",
  "overflow",
  "overscroll",
  "object",
  "aspect",
  "duration",
  "ease",
  "delay",
  "animate",
  "translate-x",
  "translate-y",
  "rotate",
  "scale",
  "origin",
  "bg",
  "from",
  "via",
  "to",
  "accent",
  "caret",
  "columns",
];

function groupOf(base: string): string {
  for (const [pattern, group] of KEYWORD_GROUPS) if (pattern.test(base)) return group;
  const negative = base.startsWith("-") ? base.slice(1) : base;
  if (negative.startsWith("text-")) return TEXT_SIZES.test(negative) ? "text-size" : "text-color";
  if (/^border(-[xytrbl])?(-\d+|-\[[^\]]*px\])?$/.test(negative)) {
    const side = /^border-([xytrbl])(?:-|$)/.exec(negative)?.[1];
    return side ? `border-w-${side}` : "border-w";
  }
  if (/^border-[xytrbl]-/.test(negative)) return `border-color-${negative[7]}`;
  if (negative.startsWith("border-")) return "border-color";
  const effect = /^(ring-offset|ring|shadow|outline)(?:-(.+))?$/.exec(negative);
  if (effect && !negative.startsWith("outline-offset")) {
    const [, kind = "", value] = effect;
    return value === undefined || isEffectSize(kind, value) ? `${kind}-w` : `${kind}-color`;
  }
  for (const prefix of PREFIXES) {
    if (negative === prefix || negative.startsWith(`${prefix}-`)) return prefix;
  }
  return `=${base}`;
}

/**
 * Whether the value of a ring, ring-offset, shadow or outline utility is its size (`ring-2`,
 * `ring-[3px]`, `ring-offset-2`, `shadow-lg`, `shadow-[0_1px_2px_#0001]`) rather than its colour
 * (`ring-ring/45`, `ring-offset-background`, `shadow-black/10`, `ring-[#fff]`).
 */
function isEffectSize(kind: string, value: string): boolean {
  if (/^\d+(\.\d+)?$/.test(value)) return true;
  if (kind === "shadow" && /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(value)) return true;
  const arbitrary = /^[[(](.*)[\])]$/.exec(value)?.[1];
  if (arbitrary === undefined) return false;
  if (/^(length|number|shadow):/.test(arbitrary)) return true;
  if (/^color:|^#|^(rgb|hsl|oklch|oklab|color-mix)\(|^--/.test(arbitrary)) return false;
  // A bare arbitrary value: a length (`3px`, `0.5rem`) is a size, and a shadow's value always is.
  return kind === "shadow" || /^-?[\d.]+[a-z%]*$/.test(arbitrary);
}

/** Splits "md:hover:!px-2" into its variants ("md:hover:") and its utility ("px-2"), outside brackets. */
function splitVariants(token: string): [string, string] {
  let depth = 0;
  let last = -1;
  for (let index = 0; index < token.length; index++) {
    const char = token[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) last = index;
  }
  const variants = token.slice(0, last + 1);
  let base = token.slice(last + 1);
  let important = "";
  if (base.startsWith("!")) {
    important = "!";
    base = base.slice(1);
  } else if (base.endsWith("!")) {
    important = "!";
    base = base.slice(0, -1);
  }
  return [variants + important, base];
}

export function mergeClasses(classList: string): string {
  const tokens = classList.split(/\s+/).filter(Boolean);
  const keep: boolean[] = new Array(tokens.length).fill(true);
  const taken = new Set<string>();
  // Walk from the end: the last class of a group wins; it also claims the groups it covers.
  for (let index = tokens.length - 1; index >= 0; index--) {
    const [variants, base] = splitVariants(tokens[index] as string);
    const group = groupOf(base);
    const key = `${variants}|${group}`;
    if (taken.has(key)) {
      keep[index] = false;
      continue;
    }
    taken.add(key);
    for (const covered of SPACING_SIDES[group] ?? []) taken.add(`${variants}|${covered}`);
  }
  return tokens.filter((_, index) => keep[index]).join(" ");
}
