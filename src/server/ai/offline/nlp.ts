import model from "wink-eng-lite-web-model";
import winkNLP, { type PartOfSpeech } from "wink-nlp";

/**
 * Part-of-speech tags from wink-nlp (English "lite" model). Chosen over compromise for
 * speed: tagging a one-hour transcript takes ~0.1 s here, compromise needed seconds
 * (docs/decisions/010-learning-engine.md).
 */
let engine: ReturnType<typeof winkNLP> | null = null;
function getEngine() {
  engine ??= winkNLP(model);
  return engine;
}

export type TaggedToken = {
  /** The token as written. */
  value: string;
  lower: string;
  pos: PartOfSpeech;
  /** Character offset of the token in the tagged text. */
  offset: number;
};

/** Tags a text in one pass (one wink document); offsets let callers map tokens back to sentences. */
export function tagText(text: string): TaggedToken[] {
  return readTokens(text, false);
}

export type LemmaToken = TaggedToken & { lemma: string };

/** Tags a text with lemmas too ("landed" → "land"), from the same wink document. */
export function tagWithLemmas(text: string): LemmaToken[] {
  return readTokens(text, true) as LemmaToken[];
}

function readTokens(text: string, withLemmas: boolean): (TaggedToken & { lemma?: string })[] {
  const nlp = getEngine();
  const its = nlp.its;
  const tokens = nlp.readDoc(text).tokens();
  const values = tokens.out(its.value) as string[];
  const tags = tokens.out(its.pos) as PartOfSpeech[];
  const lemmas = withLemmas ? (tokens.out(its.lemma as Parameters<typeof tokens.out>[0]) as string[]) : [];
  const tagged: (TaggedToken & { lemma?: string })[] = [];
  let cursor = 0;
  for (const [i, value] of values.entries()) {
    const found = text.indexOf(value, cursor);
    // Tokens the tokenizer rewrote are not found verbatim; keep them at the cursor.
    const offset = found === -1 ? cursor : found;
    if (found !== -1) cursor = found + value.length;
    const token = { value, lower: value.toLowerCase(), pos: tags[i] ?? "X", offset };
    tagged.push(withLemmas ? { ...token, lemma: (lemmas[i] ?? value).toLowerCase() } : token);
  }
  return tagged;
}

/** Lemmas of single words, kept: Ask lemmatizes every word of the passages it scores. */
const wordLemmas = new Map<string, string>();
const WORD_LEMMA_CACHE_SIZE = 50_000;

/**
 * A lone word's lemma from the wink model ("came" → "come", "ended" → "end", "going" → "go"), lower
 * case; the word itself for anything that is not one word. Read out of context, so a word that is
 * also a verb form is read as the model reads it alone ("meeting" stays a noun).
 */
export function wordLemma(word: string): string {
  const cached = wordLemmas.get(word);
  if (cached !== undefined) return cached;
  const tokens = tagWithLemmas(word);
  const lemma = tokens.length === 1 && tokens[0] ? tokens[0].lemma : word;
  if (wordLemmas.size >= WORD_LEMMA_CACHE_SIZE) wordLemmas.clear();
  wordLemmas.set(word, lemma);
  return lemma;
}
