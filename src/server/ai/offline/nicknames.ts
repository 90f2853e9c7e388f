/**
 * Common English given names and their short forms, so a listener's "Mike" finds the transcript's
 * "Michael" and back. No npm package with such a table is kept (the ones found are one-off uploads or
 * other languages' libraries), so this is a small curated table of the hypocorisms in everyday use, as
 * listed in English dictionaries' appendices of given names (e.g. Wiktionary, "Appendix:English given
 * names"); rare and old-fashioned forms (Polly for Mary, Peggy for Margaret) are left out on purpose,
 * since every variant is one more chance of a false match.
 *
 * Each row is a full name, then its short forms. A short form may belong to several rows ("Chris",
 * "Alex", "Sam"): it then matches each of their full names, but two full names never match each other.
 */
const NICKNAME_ROWS = `
abigail abby
alexander alex al
alexandra alex lexi
alfred al alf
andrew andy drew
anthony tony
benjamin ben benji
catherine cathy kate katie cat
katherine kathy kate katie kat
charles charlie chuck
christopher chris
christina chris tina
christine chris
daniel dan danny
david dave davy
deborah debbie deb
donald don
douglas doug
edward ed eddie ted ned
elizabeth liz lizzie beth betsy eliza
frederick fred freddie
gregory greg
henry harry hank
jacob jake
james jim jimmy jamie
jennifer jen jenny
jeffrey jeff
jessica jess jessie
john johnny jack
jonathan jon jonny
joseph joe joey
joshua josh
kenneth ken kenny
lawrence larry
leonard leo len lenny
margaret maggie meg
matthew matt
michael mike mikey mick
nathan nate
nathaniel nate nat
nicholas nick nicky
pamela pam
patricia pat patty trish
patrick pat paddy
peter pete
philip phil
phillip phil
rebecca becky becca
richard rick ricky dick rich
robert rob bob bobby robbie bert
ronald ron ronnie
samantha sam sammy
samuel sam sammy
stephen steve
steven steve
susan sue susie
theodore ted teddy theo
thomas tom tommy
timothy tim timmy
victoria vicky tori
vincent vince
william will bill billy willie liam
zachary zach zack
`;

/** Short form or full name → the other forms of the same name (lower case). */
const VARIANTS = new Map<string, Set<string>>();
for (const row of NICKNAME_ROWS.trim().split("\n")) {
  const [full, ...shorts] = row.trim().split(/\s+/);
  if (!full) continue;
  const add = (from: string, to: string) => {
    const set = VARIANTS.get(from) ?? new Set<string>();
    set.add(to);
    VARIANTS.set(from, set);
  };
  for (const short of shorts) {
    add(full, short);
    add(short, full);
  }
}

/** The other forms of a given name: "Mike" → ["michael"], "William" → ["will", "bill", …]. */
export function nameVariants(name: string): string[] {
  return [...(VARIANTS.get(name.toLowerCase()) ?? [])];
}

/**
 * The words a question may name someone by: capitalised words, possessive dropped, never the first
 * word of a sentence ("Will it…", "Bill me…" are not names there). "When does Mireille's…" → Mireille.
 */
export function questionNameWords(question: string): string[] {
  const names: string[] = [];
  for (const match of question.matchAll(/\p{L}+(?:['’]\p{L}+)*/gu)) {
    const word = match[0].replace(/['’]s$/, "");
    const before = question.slice(0, match.index).trimEnd();
    if (!before || /[.!?:]$/.test(before) || !/^\p{Lu}\p{Ll}/u.test(word)) continue;
    if (!names.includes(word)) names.push(word);
  }
  return names;
}

/**
 * The given names a question calls someone by, with their other forms: the name words the table
 * knows. "What did Mike say?" → [{ name: "mike", variants: ["michael"] }].
 */
export function questionGivenNames(question: string): { name: string; variants: string[] }[] {
  const found: { name: string; variants: string[] }[] = [];
  for (const word of questionNameWords(question)) {
    const variants = nameVariants(word);
    if (variants.length && !found.some((item) => item.name === word.toLowerCase()))
      found.push({ name: word.toLowerCase(), variants });
  }
  return found;
}

/**
 * A pattern for a given name in any of its forms, capitalised as a name ("Mike", not "mike"); built
 * once per question and tested against each sentence.
 */
export function givenNamePattern(forms: string[]): RegExp | null {
  if (!forms.length) return null;
  const alternatives = forms.map((form) => form.charAt(0).toUpperCase() + form.slice(1)).join("|");
  return new RegExp(`\\b(?:${alternatives})\\b`, "u");
}
