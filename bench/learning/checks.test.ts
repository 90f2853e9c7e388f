import { describe, expect, it } from "vitest";
import { phraseKind } from "../../src/server/ai/offline/answer-fit.ts";
import {
  fillerPhrase,
  forcedNumber,
  grammarMismatch,
  idiomAnswer,
  isBareVerb,
  kindsClash,
  leadingConnective,
  sentencesOf,
} from "./checks.ts";
import {
  checkQuestion,
  grammarBreak,
  insightContent,
  kindBreak,
  namesWhoAndWhat,
  standaloneProblem,
} from "./independent-check.ts";

describe("grammarMismatch", () => {
  it("accepts a distractor of the answer's word class and number", () => {
    expect(
      grammarMismatch("The team trained _____ on the new cluster.", "neural networks", "language models"),
    ).toBeNull();
    expect(grammarMismatch("She studied at _____ before her PhD.", "Cornell", "Stanford")).toBeNull();
  });

  it("flags a verb offered where the answer is a noun", () => {
    expect(grammarMismatch("Caffeine blocks _____ in the brain.", "adenosine", "running quickly")).toMatch(
      /word class/,
    );
  });

  it("flags the wrong number where the words around the blank force one", () => {
    expect(forcedNumber("All _____ have this much caffeine.")).toBe("plural");
    expect(forcedNumber("It was not a _____ that many people made.")).toBe("singular");
    expect(grammarMismatch("All _____ have this much caffeine.", "energy drinks", "coffee intake")).toMatch(
      /number/,
    );
    expect(
      grammarMismatch("That was not a _____ that many people made.", "connection", "inferences"),
    ).toMatch(/number/);
  });

  it("does not call a plural the tagger does not know singular", () => {
    // Go Time #280: "two server structs" is good English; wink-nlp's lexicon lacks "structs".
    expect(
      grammarMismatch(
        "For this project in particular, it was interesting, because we had two _____.",
        "different machines",
        "server structs",
      ),
    ).toBeNull();
    expect(
      grammarMismatch("For this project, we had two _____.", "different machines", "coffee intake"),
    ).toMatch(/number/);
  });

  it("accepts a noun/verb homograph the tagger reads as a verb in the blank", () => {
    expect(
      grammarMismatch("And so going back to _____ - that is a key part.", "insight", "repairs"),
    ).toBeNull();
  });

  it("lets a mass noun stand for a plural where nothing forces the number", () => {
    expect(forcedNumber("I work with all the _____ I know.")).toBeNull();
    expect(grammarMismatch("I work with all the _____ I know.", "researchers", "engineering")).toBeNull();
  });

  it('flags "a" before a vowel sound and "an" before a consonant', () => {
    expect(grammarMismatch("It is a _____ for the team.", "big deal", "amazing time")).toMatch(/"a"/);
    expect(grammarMismatch("It is an _____ for the team.", "open question", "big deal")).toMatch(/"an"/);
    expect(grammarMismatch("It is a _____ for the team.", "big deal", "useful tool")).toBeNull();
    expect(grammarMismatch("It is a _____ for the team.", "big deal", "relationship")).toBeNull();
    expect(grammarMismatch("It is a _____ for the team.", "big deal", "long-term plan")).toBeNull();
    expect(grammarMismatch("It is an _____ for the team.", "open question", "MBA student")).toBeNull();
    expect(grammarMismatch("It is a _____ for the team.", "big deal", "MBA student")).toMatch(/"a"/);
  });
});

describe("kindsClash (the engine's kinds, re-exported)", () => {
  it("lets an unknown proper name pass for any named kind, but not for a concept or number", () => {
    expect(kindsClash("person", "person")).toBe(false);
    expect(kindsClash("proper", "org")).toBe(false);
    expect(kindsClash("person", "place")).toBe(true);
    expect(kindsClash("number", "concept")).toBe(true);
    expect(kindsClash("proper", "concept")).toBe(true);
    expect(kindsClash(phraseKind("400 milligrams"), phraseKind("caffeine sensitivity"))).toBe(true);
  });
});

// Questions the engine wrote for the dev and held-out transcripts (fixtures/learning-bench).
describe("independent check: the filled question re-read with wink-nlp", () => {
  it("accepts distractors the sentence reads the same way with", () => {
    expect(
      grammarBreak(
        "That's when I started getting fascinated into all the _____ of machine learning, that's considered core machine learning.",
        "literature",
        "university",
      ),
    ).toBeNull();
    expect(grammarBreak("The conference actually started at _____.", "Caltech", "NVIDIA")).toBeNull();
  });

  it("flags a filler whose head the tagger reads as another word class", () => {
    expect(grammarBreak("The question is where does _____ help us here.", "math", "blend")).toMatch(/VERB/);
  });

  it("flags a filler that changes how the words next to the blank are read", () => {
    expect(
      grammarBreak(
        "That's really, I think, where maybe I would say the most _____ occurs, is that misalignment of that sharing, I suppose even.",
        "common conflict",
        "initiation phase",
      ),
    ).toMatch(/"most" before the blank/);
  });

  it("blames the answer, not a distractor, when most distractors share the different reading", () => {
    const stem =
      "If I can't calm my brain down, I'm gonna see that really small _____, and I can't then zoom out to see the broader perspective.";
    expect(grammarBreak(stem, "square view", "blood flow", ["cool stuff", "deep breath"])).toBeNull();
  });

  it("flags a noun that stops agreeing with the verb after it, and a wrong 'a'/'an'", () => {
    expect(
      grammarBreak("The _____ are the reason people drink more.", "energy drinks", "energy drink"),
    ).toMatch(/agree/);
    expect(
      grammarBreak("If an _____ to you is not to be open, you stay in conflict.", "option", "event"),
    ).toBeNull();
    expect(
      grammarBreak("If an _____ to you is not to be open, you stay in conflict.", "option", "choice"),
    ).toMatch(/"an choice"/);
    // A name read letter by letter ("em-four") takes "an" (Changelog & Friends #96, quiz-dev).
    expect(grammarBreak("It runs on an _____ in the office.", "enterprise server", "M4 mini")).toBeNull();
    expect(grammarBreak("It runs on an _____ in the office.", "enterprise server", "B2 box")).toMatch(
      /"an B2 box"/,
    );
  });

  it("flags a distractor wink gives another entity type, or a name standing for a common noun", () => {
    const stem =
      "Once a teacher has registered for the program, as we get closer to _____, we send out communications.";
    expect(kindBreak(stem, "mission weeks", "countries")).toMatch(/DURATION/);
    expect(kindBreak(stem, "mission weeks", "launch weeks")).toBeNull();
    expect(
      kindBreak(
        "You talked about the way teachers are able to access the _____.",
        "EarthKAM program",
        "northern Alabama",
      ),
    ).toMatch(/name where the answer is noun/);
    expect(kindBreak("How many countries take part?", "60 countries", "45 countries")).toBeNull();
    expect(kindBreak("In what year did it launch?", "2001", "the station")).toMatch(/DATE/);
  });

  it("asks a 'Why' question's choices to be causes", () => {
    const question = {
      stem: "Why do you have to be open to reconnection?",
      answer: "Because sometimes conflict is about remaining disconnected",
      choices: [
        "Because sometimes conflict is about remaining disconnected",
        "Because sometimes resolution is not possible",
        "A big part",
        "Because neither person got what they want",
      ],
    };
    expect(checkQuestion(question)).toEqual({
      grammar: [],
      kind: [{ distractor: "A big part", why: '"A big part" is no cause' }],
    });
  });
});

describe("idiomAnswer", () => {
  it("finds an answer that only completes a fixed phrase", () => {
    expect(idiomAnswer("At the end of the _____, caffeine is a drug.", "day")).toBe("at the end of the day");
    expect(idiomAnswer("I was _____ tired after the run.", "a little bit")).toBe("a little bit");
    expect(idiomAnswer("That is, _____, the hard part.", "of course")).toBe("of course");
    // A pair no hand list names, from the engine's counted pairs.
    expect(idiomAnswer("There is a _____ of tools for that.", "variety")).toBe("a counted word pair");
  });

  it("leaves a content answer next to an idiom alone", () => {
    expect(idiomAnswer("Of course, _____ blocks the receptor.", "caffeine")).toBeNull();
    expect(idiomAnswer("The study followed _____ for a year.", "120,000 people")).toBeNull();
  });
});

describe("isBareVerb", () => {
  it("flags an answer that is only a verb", () => {
    expect(isBareVerb("You have to _____ the habit slowly.", "break")).toBe(true);
    expect(isBareVerb("They _____ the results every quarter.", "reviewed")).toBe(true);
    expect(isBareVerb("We _____ build this notebook thing as well.", "wanna")).toBe(true);
  });

  it("accepts noun phrases", () => {
    expect(isBareVerb("You have to break the _____ slowly.", "habit")).toBe(false);
    expect(isBareVerb("Caffeine blocks _____ in the brain.", "adenosine")).toBe(false);
  });
});

describe("leadingConnective and fillerPhrase", () => {
  it("finds sentences that lean on what came before", () => {
    expect(leadingConnective("And that was my saving grace.")).toBe("And");
    expect(leadingConnective("So caffeine is doing all the work here.")).toBe("So");
    expect(leadingConnective("But that research is leaning towards no.")).toBe("But");
    expect(leadingConnective("That's how Caltech came about.")).toBe("That");
    expect(leadingConnective("This is why I never drink caffeine and sugar.")).toBe("This");
    expect(leadingConnective("It takes a while to kick in.")).toBe("It");
    expect(leadingConnective("They found six genetic variants.")).toBe("They");
  });

  it("accepts sentences that stand on their own", () => {
    expect(leadingConnective("Caffeine blocks adenosine receptors in the brain.")).toBeNull();
    expect(leadingConnective("Thomas-Kilmann names five conflict styles.")).toBeNull();
    expect(leadingConnective("Itinerant workers sleep less.")).toBeNull();
  });

  it("finds greetings, thanks and show housekeeping", () => {
    expect(fillerPhrase("Hello! Thanks so much for having me.")).not.toBeNull();
    expect(fillerPhrase("Welcome to another episode of Practical AI.")).not.toBeNull();
    expect(fillerPhrase("We have a Slack community; you can join that.")).not.toBeNull();
    expect(fillerPhrase("Caffeine has a half-life of about five hours.")).toBeNull();
  });

  it("splits an engine text into sentences", () => {
    expect(
      sentencesOf("Caffeine blocks adenosine. It wears off slowly! Does it? 400 mg is the limit."),
    ).toEqual(["Caffeine blocks adenosine.", "It wears off slowly!", "Does it?", "400 mg is the limit."]);
  });
});

// Summary and insight sentences the engine chose for the held-out transcripts before decision 039.
describe("independent check: summary sentences read alone", () => {
  it("flags fragments, openers that lean on the talk, addresses and words that point back", () => {
    expect(standaloneProblem("Sally Ride of, America's first woman in space, in, in 2016.")).toBe("no verb");
    // Practical AI #148, JS Party #328 and The Changelog #504 (CC BY-SA 4.0, Changelog Media).
    expect(
      standaloneProblem("If we're talking about video analytics workloads you must use GPU."),
    ).toBeNull();
    expect(standaloneProblem("For automated testing Expo hasn't done anything yet.")).toBeNull();
    expect(
      standaloneProblem(
        "If we minimize the amount of unrelated changes that have to happen to make a desirable change that is maintainable.",
      ),
    ).toBe('a "If" clause without a main clause');
    // Brain Science #3 (CC BY-SA 4.0, Changelog Media): "gonna" is a verb, not a noun.
    expect(
      standaloneProblem("If I can only hit the mark on one occasion, I'm not gonna repeat it."),
    ).toBeNull();
    expect(
      standaloneProblem(
        "Versus our reaction will typically be to move away from it, because we're wired to.",
      ),
    ).toMatch(/opens with/);
    expect(
      standaloneProblem("Daniel, what we need to do is find some really talented university students."),
    ).toMatch(/addresses "Daniel"/);
    expect(
      standaloneProblem("Since then, over a million images have been requested by school children."),
    ).toMatch(/"then" points back/);
    expect(standaloneProblem("Maybe it looks like yoga, maybe it looks like walking.")).toMatch(
      /"it" points back/,
    );
    expect(standaloneProblem("If you look at there are a bunch of things.")).toMatch(
      /without a main clause|points back/,
    );
    expect(standaloneProblem("Moved back to the area when my parents were a little older.")).toMatch(
      /no subject/,
    );
  });

  it("accepts self-contained claims, a dummy 'it' and an indefinite antecedent", () => {
    expect(
      standaloneProblem(
        "The Erlang Virtual Machine was built by Ericsson, which is a telecommunication company.",
      ),
    ).toBeNull();
    expect(
      standaloneProblem("Everyone can practice being more present and aware in their lives."),
    ).toBeNull();
    expect(standaloneProblem("It's important to sleep seven hours a night.")).toBeNull();
    expect(
      standaloneProblem(
        "If you wouldn't have two cups of coffee at 10 PM, you shouldn't have an energy drink at 3.",
      ),
    ).toBeNull();
  });

  it("says what an insight carries", () => {
    expect(
      insightContent("Caffeine mildly affects your heart rate, similar to going up three flights of stairs."),
    ).toContain("number");
    expect(insightContent("Smokers drink more coffee because they clear caffeine faster.")).toContain(
      "cause",
    );
    expect(insightContent("You should stay under 400 milligrams a day.")).toContain("recommendation");
    expect(
      insightContent(
        "The Erlang Virtual Machine was built by Ericsson, which is a telecommunication company.",
      ),
    ).toEqual(["definition"]);
    expect(insightContent("Maybe I need to reach out to a friend.")).toEqual(["recommendation"]);
    expect(insightContent("Connection was at the epicenter of reduced stress.")).toEqual([]);
  });

  it("checks that the lead names who talks about what", () => {
    expect(
      namesWhoAndWhat(
        "In this episode of Brain Science, Mireille B. Reece talks with Adam Stacoviak about mental health and brains.",
      ),
    ).toBe(true);
    expect(namesWhoAndWhat("Mental health is the mind inside of our brain.")).toBe(false);
    expect(sentencesOf("Mireille B. Reece talks. About health.")).toEqual([
      "Mireille B. Reece talks.",
      "About health.",
    ]);
    // Go Time #19's lead (CC BY-SA 4.0, Changelog Media) was read as two sentences at "St.".
    expect(sentencesOf("Erik St. Martin and Dr. Lind talk. About code.")).toEqual([
      "Erik St. Martin and Dr. Lind talk.",
      "About code.",
    ]);
  });
});
