import { describe, expect, it } from "vitest";
import {
  areNounSynonyms,
  isMostlyVerbForm,
  isOnlyModifier,
  isPersonForThing,
  isSameNounClass,
  kindSimilarity,
  nounClasses,
  nounSynsets,
} from "./wordnet.ts";

const classes = (phrase: string) => [...(nounClasses(phrase) ?? [])].sort();

describe("what kind of thing a noun names (WordNet)", () => {
  it("places everyday nouns by their common senses, plurals included", () => {
    expect(classes("buddy")).toEqual(["person"]);
    expect(classes("parents")).toEqual(["person"]);
    expect(classes("teams")).toEqual(["group"]);
    expect(classes("chairs")).toContain("concrete");
    expect(classes("feelings")).toEqual(["abstract"]);
    // "lives" → "life", "babies" → "baby", "women" → "woman".
    expect(classes("lives")).toEqual(["abstract"]);
    expect(classes("babies")).toEqual(["person"]);
    expect(classes("women")).toEqual(["person"]);
  });

  it("keeps a second sense only when it is nearly as common as the first", () => {
    // "business": a company and an activity; "parent": a person, never its rare sense.
    expect(classes("business")).toEqual(["abstract", "group"]);
    expect(classes("parent")).toEqual(["person"]);
  });

  it("reads a compound as a whole when WordNet has it, else by its head", () => {
    expect(classes("swimming pool")).toEqual(["concrete"]);
    expect(classes("recurring revenue")).toEqual(["abstract"]);
    expect(classes("opinionated person")).toEqual(["person"]);
    expect(classes("people")).toEqual(["person"]);
  });

  it("reads a plural as its singular when the plural's own senses were never tagged", () => {
    // "sessions" is also the composer Roger Sessions; "cookies" also the plural of "cooky", a cook.
    expect(classes("sessions")).not.toContain("person");
    expect(classes("cookies")).toEqual(["concrete"]);
    expect(classes("physics")).toEqual(["abstract"]);
  });

  it("lets software's things be things: a browser, a server, an editor, a bug (sample J)", () => {
    // "_browsers_" was offered "cookies / sessions / guys", WordNet's browser being a person.
    for (const word of ["browsers", "server", "editor", "bug"])
      expect(classes(word), word).toContain("concrete");
    expect(isPersonForThing(nounClasses("browsers"), nounClasses("frameworks"))).toBe(false);
    // A word that is also a key of every object is looked up like any other.
    expect(classes("constructor")).toEqual(["person"]);
  });

  it("cannot place jargon, names or non-nouns", () => {
    expect(nounClasses("kubectl")).toBeNull();
    expect(nounClasses("fortnightly")).toBeNull();
    expect(nounClasses("")).toBeNull();
  });
});

describe("choices of the answer's kind (sample H, decision 058)", () => {
  it("refuses a person where the answer is a group, a thing or an idea, and the reverse", () => {
    // "anyone who's in a _cult_ knows": "buddy" and "dude" were offered.
    expect(isSameNounClass(nounClasses("cult"), nounClasses("buddy"))).toBe(false);
    expect(isPersonForThing(nounClasses("cult"), nounClasses("buddy"))).toBe(true);
    // "to talk to your _parents_ about": "rules" and "costs" were offered.
    expect(isPersonForThing(nounClasses("parents"), nounClasses("rules"))).toBe(true);
    // "playing on _teams_": "lives", "eyes" and "books" were offered.
    expect(isSameNounClass(nounClasses("teams"), nounClasses("eyes"))).toBe(false);
    expect(isPersonForThing(nounClasses("teams"), nounClasses("eyes"))).toBe(false);
  });

  it("accepts the same kind, and anything WordNet cannot place", () => {
    expect(isSameNounClass(nounClasses("cult"), nounClasses("religion"))).toBe(true);
    expect(isSameNounClass(nounClasses("father"), nounClasses("chemist"))).toBe(true);
    expect(isSameNounClass(nounClasses("repo"), nounClasses("buddy"))).toBe(true);
    expect(isPersonForThing(nounClasses("repo"), nounClasses("buddy"))).toBe(false);
  });
});

describe("synonyms and words that are never nouns (sample I, decision 058)", () => {
  it("knows two nouns of one synset, and nothing from mere relatedness", () => {
    expect(areNounSynonyms(nounSynsets("resilience"), nounSynsets("resiliency"))).toBe(true);
    expect(areNounSynonyms(nounSynsets("cars"), nounSynsets("automobile"))).toBe(true);
    expect(areNounSynonyms(nounSynsets("career"), nounSynsets("life"))).toBe(false);
    expect(areNounSynonyms(nounSynsets("kubectl"), nounSynsets("kubectl"))).toBe(false);
  });

  it("finds adjectives and adverbs, comparatives included, but leaves verbs, -ing forms and jargon", () => {
    for (const word of ["fortnightly", "littler", "bigger", "tricky", "scalable"])
      expect(isOnlyModifier(word), word).toBe(true);
    // WordNet 3.1 files "podcast" and "install" only as verbs; talk uses them as nouns.
    for (const word of ["podcast", "install", "testing", "server", "kubectl", "cold"])
      expect(isOnlyModifier(word), word).toBe(false);
  });
});

describe("plurals that read as verbs", () => {
  it("finds 'looks' and 'thinks', but not 'lives', 'files' or 'changes'", () => {
    // "You're talking about our _solution archetypes_" was offered "looks" (dev, Practical AI #289).
    for (const word of ["looks", "thinks", "takes"]) expect(isMostlyVerbForm(word), word).toBe(true);
    for (const word of ["lives", "files", "changes", "uses", "features", "look"])
      expect(isMostlyVerbForm(word), word).toBe(false);
  });
});

describe("how alike two nouns are in what they name", () => {
  const like = (a: string, b: string) => kindSimilarity(a, b) ?? Number.NaN;

  it("puts near what readers took for the same kind (samples H–L, decision 059)", () => {
    // "anyone who's in a _cult_" was offered "buddy"; "playing on _teams_" "books".
    expect(like("cult", "church")).toBeGreaterThan(like("cult", "buddy"));
    expect(like("teams", "companies")).toBeGreaterThan(like("teams", "books"));
    expect(like("parents", "friends")).toBeGreaterThan(like("parents", "rules"));
    expect(like("phone", "device")).toBeGreaterThan(like("phone", "video"));
    expect(like("cult", "cult")).toBe(1);
  });

  it("says nothing of words WordNet does not know", () => {
    expect(kindSimilarity("kubectl", "server")).toBeNull();
    expect(kindSimilarity("server", "")).toBeNull();
  });
});
