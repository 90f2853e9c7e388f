import { describe, expect, it } from "vitest";
import { NOT_COVERED_ANSWER, type Passage } from "../provider.ts";
import { expandedQueryWords, questionQueryWords } from "../retrieval.ts";
import {
  answerOffline,
  compoundParts,
  namesAnotherVersion,
  refersToSpeakers,
  scorePassages,
} from "./answer.ts";
import { lemmaStem } from "./lexicon.ts";
import { askedListSize, asksForLikeness, listsItems, questionShapeBonus } from "./question-types.ts";
import { isTopicOverview, isViewQuestion, phrasalNouns } from "./text.ts";

/** A passage of real transcript lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media). */
const passage = (lines: [number, string][]): Passage => ({
  start: lines[0]?.[0] ?? 0,
  end: (lines.at(-1)?.[0] ?? 0) + 10,
  rank: 1,
  text: lines.map(([, text]) => text).join(" "),
  sentences: lines.map(([start, text]) => ({ start, text })),
});

const tripleShot = passage([
  [
    2103,
    "So a lot of people don't know that the Starbucks triple-shot they're having has three times the caffeine as a Red Bull...",
  ],
  [2111, "..because coffees aren't beholden to the same guidelines."],
  [2118, "Starbucks triple-shot has three times the caffeine as a Red Bull."],
  [2122, "So how much caffeine is that?"],
  [2124, "That's 225 milligrams, and Red Bull just has 80."],
]);
const calendar = passage([
  [325, "That's right, and my grandma would give me all these puzzles, and games..."],
  [
    330,
    "She tells me that I apparently had memorized the calendar for a ten-year time period, and they would quiz me on what day is the 12th of August, for instance...",
  ],
  [341, "You've gotta be kidding me... How old were you for that?"],
]);
const elsewhere = passage([
  [900, "And then I started drinking energy drinks in college."],
  [905, "Red Bull was the big one back then."],
]);

describe("hyphenated compounds", () => {
  it("splits a compound into its content parts", () => {
    expect(compoundParts("non-expert")).toEqual(["non", "expert"]);
    expect(compoundParts("off-the-shelf")).toEqual(["shelf"]);
    expect(compoundParts("espresso")).toEqual(["espresso"]);
  });

  it("searches a listener's compound by its parts", () => {
    expect(questionQueryWords("How would you describe a tensor to a non-expert?")).toEqual(
      expect.arrayContaining(["tensor", "non", "expert"]),
    );
  });

  it("searches a compound the transcript says whole as a phrase", () => {
    const spoken = "one important idea is retrieval-augmented generation, usually shortened to rag.";
    expect(questionQueryWords("What is retrieval-augmented generation?", spoken)).toEqual([
      '"retrieval augmented"',
      "generation",
    ]);
  });

  it("meets a word the speaker only said inside a compound (triple → triple-shot)", () => {
    const answer = answerOffline(
      "How does a triple espresso from Starbucks compare with a can of Red Bull?",
      [],
      [elsewhere, tripleShot],
    );
    expect(answer.answer).not.toBe(NOT_COVERED_ANSWER);
    expect(answer.sources[0]?.timecode).toBeGreaterThanOrEqual(2103);
  });

  it("meets a number said inside a compound (ten years → ten-year)", () => {
    const answer = answerOffline(
      "How old was she when she supposedly knew ten years of dates by heart?",
      [],
      [calendar],
    );
    expect(answer.sources[0]?.timecode).toBe(330);
  });
});

const sensitivity = passage([
  [649, "There are people that have polymorphisms or differences in their A2 receptors in their head..."],
  [662, "So they're more susceptible to caffeine because of those genetic differences."],
  [
    666,
    "So there's that, and then there's caffeine sensitivity, which makes some people, like my husband, super-sensitive to caffeine...",
  ],
  [
    672,
    "He has a cup of green tea and he's running around the house like crazy, whereas me - my sensitivity is a lot lower.",
  ],
  [680, "I'm a lot less sensitive, so I need a lot of a stronger dose."],
]);

describe("questions asking for an amount or a date", () => {
  it("refuses when the best-matching sentence says no amount (a shared-word match)", () => {
    const answer = answerOffline("How much caffeine is in a cup of matcha green tea?", [], [sensitivity]);
    expect(answer).toEqual({ answer: NOT_COVERED_ANSWER, sources: [] });
  });

  it("wants an amount of time for 'How many hours…' (Practical AI #166, dev, decision 056)", () => {
    const mario = passage([
      [835, "For instance, last week I tried to train an agent to play SuperMario Bros, and it worked."],
      [845, "When I tried to change one pixel of the level, my agent was not able to finish level 1."],
      [1573, "We used about 3 agents, trained on the Mario levels with the same settings."],
    ]);
    expect(answerOffline("How many hours of training did his Super Mario agent need?", [], [mario])).toEqual({
      answer: NOT_COVERED_ANSWER,
      sources: [],
    });
    const trained = passage([[900, "Training the Mario agent took about 12 hours on one GPU."]]);
    expect(
      answerOffline("How many hours of training did his Super Mario agent need?", [], [trained]).sources[0]
        ?.timecode,
    ).toBe(900);
  });

  it("answers when the amount follows the matching sentence", () => {
    const answer = answerOffline("How much caffeine is in a Starbucks triple-shot?", [], [tripleShot]);
    expect(answer.answer).not.toBe(NOT_COVERED_ANSWER);
    expect(answer.sources[0]?.timecode).toBeGreaterThanOrEqual(2103);
  });

  it("leaves other questions to the coverage gate", () => {
    const answer = answerOffline("Why is her husband so sensitive to green tea?", [], [sensitivity]);
    expect(answer.sources[0]?.timecode).toBe(672);
  });
});

/** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): the five levels of fatigue. */
const pyramid = passage([
  [
    3339,
    'So you created a sort of pyramid relative to caffeine consumption, to help people go "Well, what stage am I at?"',
  ],
  [3346, "Yes..."],
  [3347, "Can you tell our listeners more about that?"],
  [3350, "I would love to."],
  [
    3351,
    'This is called "The five levels of fatigue", and it\'s a pyramid with level zero at the bottom of the pyramid, and level five at the tippy-tippy-top.',
  ],
  [
    3361,
    "The reason I made it a pyramid is because if you think about the X axis, that is your productivity. So the base of the pyramid is very wide.",
  ],
]);

describe("overview of one subject", () => {
  it.each([
    ["Can you sum up her pyramid of tiredness stages?", true],
    ["What's her big-picture view of where deep learning has to go next?", true],
    ["Summarise her framework for conflict repair", true],
    ["What were the two talks she gave at the conference about?", true],
    ["What is this episode about?", false],
    ["How much caffeine is in coffee?", false],
    ["What's the view from the space station like?", false],
  ])("%s → %s", (question, expected) => {
    expect(isTopicOverview(question)).toBe(expected);
  });

  it("answers from the subject's words, not the overview words, and reads on", () => {
    const answer = answerOffline("Can you sum up her pyramid of tiredness stages?", [], [elsewhere, pyramid]);
    expect(answer.sources[0]?.timecode).toBe(3351);
    expect(answer.answer).toMatch(
      /^This is called "The five levels of fatigue".* The reason I made it a pyramid/,
    );
  });
});

/** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): Practical AI #36. */
const blend = passage([
  [
    3479,
    'So the question was "Can machine learning help us do this?" On the other hand, most machine learning, deep reinforcement learning is about learning from scratch.',
  ],
  [3522, "It's not gonna be a purely deep learning-based approach, at least not the standard way it's done."],
]);
const philosophy = passage([
  [
    3677,
    "Yeah. And that's my broad philosophy today, when it comes to deep learning - what is the next thing?",
  ],
  [3684, "Right now we've shown with a lot of data, label data and computation, thanks to NVIDIA GPUs..."],
  [3692, "...we are able to get good accuracies on deep learning in some tasks."],
]);

describe("someone's view of a subject", () => {
  it.each([
    ["What's her big-picture view of where deep learning has to go next?", true],
    ["What is his philosophy on hiring?", true],
    ["What's the guest's overall take on remote work?", true],
    ["What's the view from the space station like?", false],
    ["Can you sum up her pyramid of tiredness stages?", false],
  ])("%s → %s", (question, expected) => {
    expect(isViewQuestion(question)).toBe(expected);
  });

  it("also searches for where a speaker states a view", () => {
    expect(expandedQueryWords("What's her big-picture view of deep learning?")).toEqual(
      expect.arrayContaining(["deep", "learning", "philosophy", "believe"]),
    );
    expect(expandedQueryWords("What did she learn about deep learning?")).not.toContain("philosophy");
  });

  it("answers where the speaker states their view, not where the subject's words are densest", () => {
    const answer = answerOffline("What's her big-picture view of deep learning?", [], [blend, philosophy]);
    expect(answer.sources[0]?.timecode).toBe(3677);
    expect(answer.answer).toMatch(/^Yeah\. And that's my broad philosophy today.*label data/);
  });

  it("gives a fact question no bonus for a stated view", () => {
    // The line may still win on its words ("deep learning" said as asked), not on the view it states.
    const stated = scorePassages("What does deep learning need?", [], [blend, philosophy]).sentences.find(
      (sentence) => sentence.start === 3677,
    );
    expect(stated).toBeDefined();
    expect((stated?.score ?? 0) - (stated?.wordScore ?? 0)).toBeLessThan(0.3);
  });
});

/** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): Practical AI #289. */
const kroger = passage([
  [
    1307,
    "And what you don't know is that my little brother, who works with the robots for Kroger, look nothing like what has popped into your head.",
  ],
  [
    1320,
    "They're like these little square garbage can-looking things that run around on tracks, and they're dropping products from one to another...",
  ],
]);
const archetypes = passage([
  [
    890,
    'And I brought it back to the team and they said "35 is too many of anything. Get that down." And so we got it down to 15.',
  ],
  [902, "And so inside of each of the 15, you'll see a simple script that runs in the background..."],
]);
const architect = passage([
  [
    55,
    "He's currently the chief AI architect at Synthony down in Cincinnati... And yeah, it's great to have you here, Mike.",
  ],
]);
const college = passage([
  [
    583,
    "I went off to college to become an industrial designer, and I got an internship at NASA... Aerospace was where I wanted to go.",
  ],
]);
const vtt = passage([
  [
    3280,
    "If you've got a transcript saved as VTTs, and you look at it and you open that up in Notepad, 80% of the tokens are time code.",
  ],
]);

describe("answer shapes and word forms on a real conversation", () => {
  it("does not take a pronoun 'one' or a runner-up lifted only by its number for an amount", () => {
    const answer = answerOffline(
      "How many robots does Kroger run in its warehouses?",
      [],
      [kroger, archetypes],
    );
    expect(answer).toEqual({ answer: NOT_COVERED_ANSWER, sources: [] });
  });

  it("asks for an amount when the question names a salary, price or cost", () => {
    expect(answerOffline("What salary does an AI architect earn in Cincinnati?", [], [architect])).toEqual({
      answer: NOT_COVERED_ANSWER,
      sources: [],
    });
    expect(answerOffline("What does a chief AI architect earn?", [], [architect]).sources).toEqual([]);
  });

  it("meets a derived noun ('intern' → 'internship') and an acronym's plural ('VTT' → 'VTTs')", () => {
    expect(
      answerOffline("Where did he intern while he was at university?", [], [college]).sources[0]?.timecode,
    ).toBe(583);
    expect(answerOffline("What's in a VTT file?", [], [vtt]).sources[0]?.timecode).toBe(3280);
  });

  it("meets a word the speaker says as two ('OpenAI' → 'Open AI')", () => {
    const dalle = passage([
      [
        733,
        "So Open AI at the time was -- you could apply to become a beta tester just to get early access to DALL-E...",
      ],
    ]);
    expect(
      answerOffline("How did he get in early on OpenAI's image generator?", [], [dalle]).sources[0]?.timecode,
    ).toBe(733);
  });
});

/** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): Founders Talk #87. */
const seriesB = passage([
  [2941, "I know you just recently took an investment, it was a series B... Was that right? Series B?"],
  [2950, "Yeah, Series B."],
  [2951, "$58 million Series B, not a bad round. What valuation was that, just roughly?"],
]);

describe("one of a kind asked by its version", () => {
  it("is not answered by another version of the same name", () => {
    expect(answerOffline("How much was the Series A?", [], [seriesB])).toEqual({
      answer: NOT_COVERED_ANSWER,
      sources: [],
    });
    expect(answerOffline("How much was the Series B?", [], [seriesB]).answer).toContain(
      "$58 million Series B",
    );
  });

  it("reads numbers, capitals and Roman numerals, and never a lower-case letter or a pronoun", () => {
    const said = (text: string) => [{ start: 0, end: 10, rank: 1, text }];
    expect(namesAnotherVersion("What went wrong on Apollo 11?", said("On Apollo 13 a tank exploded."))).toBe(
      true,
    );
    expect(namesAnotherVersion("What does GPT-4 cost?", said("GPT-3 was trained on text."))).toBe(true);
    expect(
      namesAnotherVersion("What changed in World War 2?", said("In World War II factories changed.")),
    ).toBe(false);
    expect(
      namesAnotherVersion("What happened on Apollo 11?", said("Apollo 11 landed. Apollo 13 did not.")),
    ).toBe(false);
    expect(namesAnotherVersion("What did Titan A do?", said("We went to Titan a lot."))).toBe(false);
    expect(namesAnotherVersion("Does Mike think I should go?", said("Mike 2 was there."))).toBe(false);
  });
});

describe("the gate for questions about what the speakers said", () => {
  // bs12-choices, 16:56 (CC BY-SA 4.0 Changelog Media).
  const driveThrough = passage([
    [
      1016,
      'Some of the things I recommend in the course of treatment is "Can you just not go through the drive-through?',
    ],
    [1024, "Anytime -- I don't care if you wanna eat fast-food or not, but I just want you to walk in.\""],
  ]);

  it("tells a question that points at the speakers from one asked of the world", () => {
    expect(refersToSpeakers("What trick does she give clients who want to cut down on fast food?")).toBe(
      true,
    );
    expect(refersToSpeakers("What do they call preparing ahead so a later decision is easier?")).toBe(true);
    expect(refersToSpeakers("Which fast-food chain has the healthiest menu?")).toBe(false);
    expect(refersToSpeakers("What's the best ETF for a beginner to buy?")).toBe(false);
    // Words that merely contain a pronoun do not count.
    expect(refersToSpeakers("Where is the theory of heredity taught?")).toBe(false);
  });

  it("answers a listener's paraphrase of what she said from the line that says it", () => {
    const reply = answerOffline(
      "What trick does she give clients who want to cut down on fast food?",
      [],
      [driveThrough],
    );
    // Three of its seven content words are the speaker's: refused under the general gate (0.45).
    expect(reply.sources[0]?.timecode).toBe(1024);
    expect(reply.answer).toContain("I just want you to walk in");
  });

  it("still refuses a question of the world that shares as few words with the line", () => {
    const reply = answerOffline("Which fast-food chain has the healthiest menu?", [], [driveThrough]);
    expect(reply.answer).toBe(NOT_COVERED_ANSWER);
    expect(reply.sources).toEqual([]);
  });
});

describe("questions that ask for a judgement or advice", () => {
  // bs12-choices, 40:26 and pai289-lewis, 46:54 (CC BY-SA 4.0 Changelog Media).
  const cars = passage([
    [2426, "So I might drive a Mercedes, or a BMW, or just some sort of higher-end model or car or brand..."],
    [
      2433,
      "But if my identity is not rooted in that, then I might drive a Toyota, or a Ford, or a normal brand that you see every day on the road.",
    ],
  ]);
  const elvis = passage([
    [2814, "And so I think it's that Elvis, like, peanut butter and banana sandwiches, or something."],
  ]);

  it("refuses a judgement the moment does not make, though it names the thing", () => {
    expect(answerOffline("Which Toyota model is the most reliable?", [], [cars]).answer).toBe(
      NOT_COVERED_ANSWER,
    );
  });

  it("refuses instructions the moment does not give, though it holds every word", () => {
    expect(answerOffline("How do you make a peanut butter and banana sandwich?", [], [elvis]).answer).toBe(
      NOT_COVERED_ANSWER,
    );
  });

  it("answers when the moment judges or advises", () => {
    const advice = passage([
      [100, "If you want a reliable car, I'd recommend a Toyota model like the Corolla."],
      [106, "To make the sandwich, you just spread peanut butter on bread and add banana slices."],
    ]);
    expect(answerOffline("Which Toyota model is the most reliable?", [], [advice]).sources[0]?.timecode).toBe(
      100,
    );
    expect(
      answerOffline("How do you make a peanut butter and banana sandwich?", [], [advice]).sources[0]
        ?.timecode,
    ).toBe(106);
  });

  it("reads someone's best as a fact about them, not a judgement asked for", () => {
    const peak = passage([[629, "At its peak the startup probably made like $1,000 in a month."]]);
    expect(
      answerOffline("How much did the startup make in its best month?", [], [peak]).sources[0]?.timecode,
    ).toBe(629);
  });

  it("leaves questions about the speakers and reasons to the other rules", () => {
    expect(answerOffline("Which car does he say is the most reliable?", [], [cars]).answer).not.toBe(
      NOT_COVERED_ANSWER,
    );
  });
});

describe("money and shares told as figures", () => {
  // cl386-tan, 10:14 and pai289-lewis, 54:40 (CC BY-SA 4.0 Changelog Media).
  const startup = passage([
    [614, "We spent about a year or two on it, and the business model was to make money off affiliates."],
    [
      629,
      "But it just wasn't enough to actually sustain a business. I think at its peak we probably made like $1,000 in a month.",
    ],
    [637, "But definitely not enough to sustain two people working on it full-time..."],
  ]);
  const transcripts = passage([
    [
      3274,
      "Cost-benefit. You don't want to overdo this step, but it is helpful to trim the fat out of transcripts.",
    ],
    [
      3280,
      "If you've got a transcript saved as VTTs, and you look at it and you open that up in Notepad, 80% of the tokens are time code.",
    ],
  ]);
  const otherTalk = passage([
    [100, "We launched the startup with a friend right after graduating, and it was a lot of fun."],
    [110, "Most podcast hosts export their captions as VTT, and we keep them."],
  ]);

  it("answers how much money with the amount, though the sentence never says money", () => {
    const reply = answerOffline(
      "How much money did that startup bring in during its best month?",
      [],
      [startup, otherTalk],
    );
    expect(reply.sources[0]?.timecode).toBe(629);
    expect(reply.answer).toContain("$1,000");
  });

  it("answers what share with the percentage", () => {
    // Said by the Michael the question names: the label calls him Mike.
    const bySpeaker = {
      ...transcripts,
      sentences: transcripts.sentences?.map((sentence) => ({ ...sentence, speaker: "Mike Lewis" })),
    };
    const reply = answerOffline(
      "According to Michael, what share of a VTT file is timestamps?",
      [],
      [bySpeaker, otherTalk],
    );
    expect(reply.sources[0]?.timecode).toBe(3280);
  });

  it("reads share as a verb as no figure", () => {
    const { sentences } = scorePassages("What unpopular take does Sam share?", [], [transcripts]);
    expect(sentences.every((sentence) => sentence.matched.size === 0)).toBe(true);
  });
});

describe("a question asked in the episode", () => {
  // ft87-percoco, 52:24 (Founders Talk #87, CC BY-SA 4.0 Changelog Media).
  const awake = passage([
    [3144, "What is it that keeps you up at night?"],
    [3146, "Do you stay up late at night?"],
    [3152, "What's your biggest challenge right now?"],
    [3154, 'One word, which is the word "sequencing".'],
    [3156, "There's no question that the next Fidelity will be built."],
  ]);

  it("answers with the reply that follows the host's questions, from the question's moment", () => {
    const reply = answerOffline("What keeps him up at night?", [], [awake]);
    expect(reply.sources[0]?.timecode).toBe(3144);
    expect(reply.answer).toBe(
      'What is it that keeps you up at night? One word, which is the word "sequencing". There\'s no question that the next Fidelity will be built.',
    );
  });
});

/** Real lines with their speakers (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media). */
const spoken = (lines: [number, string, string][]): Passage => ({
  ...passage(lines.map(([start, , text]) => [start, text])),
  sentences: lines.map(([start, speaker, text]) => ({ start, speaker, text })),
});
const MIREILLE = "Mireille B. Reece, Psy.D";
const ADAM = "Adam Stacoviak";

describe("a question that names who says it (Brain Science #12, dev)", () => {
  const holidays = spoken([
    [
      2348,
      MIREILLE,
      'And I joke with my family now about like "We\'re only available Christmas, spring break and summer."',
    ],
    [
      2360,
      MIREILLE,
      "So I don't take vacations, generally speaking, apart from those times, because of what my husband and I and our family are optimizing for.",
    ],
  ]);
  const members = spoken([
    [
      1523,
      ADAM,
      "Now you can handle the emotions of, let's say, choices family members made when you were younger, or...",
    ],
  ]);

  it("takes a name the lines never say as the speaker's: her own words answer", () => {
    const answer = answerOffline("What does Mireille say about family?", [], [members, holidays]);
    expect(answer.sources[0]?.timecode).toBe(2348);
  });

  it("gives the name to that speaker's lines only", () => {
    const { sentences } = scorePassages("What does Mireille say about family?", [], [members, holidays]);
    expect(sentences.map((sentence) => sentence.matched.has("mireill"))).toEqual([false, true, true]);
  });
});

describe("what a school or a year is (Practical AI #289, dev)", () => {
  const youth = passage([
    [539, "Yeah. As quick as I can, I'll say - initially, I aspired to be an industrial designer."],
    [545, "And so even in high school, when I was 17 years old, I worked as an industrial designer."],
  ]);

  it("does not take high school for college", () => {
    const answer = answerOffline("Which college did he attend?", [], [youth]);
    expect(answer).toEqual({ answer: NOT_COVERED_ANSWER, sources: [] });
  });

  it("wants a year for 'What year…', not an age", () => {
    const answer = answerOffline("What year did Mike Lewis work in high school as a designer?", [], [youth]);
    expect(answer).toEqual({ answer: NOT_COVERED_ANSWER, sources: [] });
    const dated = passage([[615, "I stepped away from that in 2016."]]);
    expect(answerOffline("What year did he step away from that?", [], [dated]).sources[0]?.timecode).toBe(
      615,
    );
  });
});

describe("a question for a likeness (Brain Science #14, probes of decision 078)", () => {
  // Brain Science #14 (CC BY-SA 4.0, Changelog Media).
  const adam = "Adam Stacoviak";
  const remaster: Passage = {
    ...passage([]),
    start: 956,
    end: 990,
    sentences: [
      {
        start: 956,
        text: "So I can run interference with that and now create a different file, so to speak, in my mind.",
      },
      { start: 968, speaker: adam, text: "It's almost like remastering a memory." },
      {
        start: 970,
        speaker: adam,
        text: "I'll be more specific... So you listen to music, and there's old albums from back in the day...",
      },
      {
        start: 977,
        speaker: adam,
        text: "A remash of them in new audio quality for today's current systems, whatever... It's kind of revisiting a memory and remastering it.",
      },
    ],
  };
  remaster.text = (remaster.sentences ?? []).map((sentence) => sentence.text).join(" ");
  const clowns = passage([
    [
      709,
      "With clowns - you might be around a clown and not recall this trauma you had earlier in your life.",
    ],
    [727, "You have this fear, and maybe you don't know you have the fear."],
  ]);

  it("knows a question for a likeness", () => {
    expect(asksForLikeness("What does Adam compare revisiting a painful memory to?")).toBe(true);
    expect(asksForLikeness("What analogy does he use for the gap between investors?")).toBe(true);
    expect(asksForLikeness("What image does she use to contrast conscious and unconscious memory?")).toBe(
      true,
    );
    expect(asksForLikeness("What does Adam like about the movie?")).toBe(false);
    expect(asksForLikeness("How do the image models work?")).toBe(false);
  });

  it("finds where the likeness is drawn, not only where the words are", () => {
    const question = "What does Adam compare revisiting a painful memory to?";
    const { terms } = scorePassages(question, [], [clowns, remaster]);
    expect(terms).not.toContain("compar");
    const reply = answerOffline(question, [], [clowns, remaster]);
    expect(reply.answer).not.toBe(NOT_COVERED_ANSWER);
    expect(reply.sources[0]?.timecode).toBeGreaterThanOrEqual(956);
    expect(reply.answer).toMatch(/remaster/);
  });
});

describe("a named person told of as 'she', and hedged questions (Brain Science #20, decision 078)", () => {
  // Brain Science #20 (CC BY-SA 4.0, Changelog Media).
  const brown = passage([
    [
      178,
      "I'm sure we've talked about Brené Brown before, but if you haven't heard of her, go check her out.",
    ],
    [
      191,
      "Once upon a time, she worked for the University of Houston in their College of Social Work before she went on to do a ton of research around shame and vulnerability and connection.",
    ],
  ]);
  const review = passage([
    [
      1646,
      "There's an article in the Harvard Business Review that talked about this, and this research asked the question - are perfectionists better performers at work?",
    ],
  ]);
  const studies = passage([
    [
      1689,
      "So these studies took place from the 1980s to today, and examined the relationship between perfectionism and the factors that impact employees' effectiveness.",
    ],
    [1698, "These studies included nearly 25,000 working-age individuals."],
  ]);

  it("gives the name to the 'she' of the next line", () => {
    const reply = answerOffline(
      "Where did Brené Brown work before she became known for her research?",
      [],
      [review, brown],
    );
    expect(reply.sources[0]?.timecode).toBe(191);
    expect(reply.answer).toContain("University of Houston");
  });

  it("looks past the words that hedge a question", () => {
    const question = "Roughly how many people did those studies include altogether?";
    expect(scorePassages(question, [], [studies]).terms).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(?:rough|altogeth)/)]),
    );
    const reply = answerOffline(question, [], [review, studies]);
    expect(reply.answer).toContain("25,000");
  });
});

describe("a question for so many things (Brain Science #14 and #20, decision 078)", () => {
  it("reads how many items the question asks for", () => {
    expect(askedListSize("What are the three steps of remembering something?")).toBe(3);
    expect(askedListSize("What three things does perfectionism try to protect people from?")).toBe(3);
    expect(askedListSize("What were the two talks about?")).toBe(0);
    expect(askedListSize("How many of the 3 people came?")).toBe(0);
  });

  it("knows a line that lists them, and filler that does not", () => {
    // Brain Science #14 and #20 (CC BY-SA 4.0, Changelog Media).
    expect(listsItems("What we say is encoding, storage and retrieval.", 3)).toBe(true);
    expect(listsItems("A shield to protect against the pain of blame, judgment, or shame.", 3)).toBe(true);
    expect(
      listsItems(
        "They include - one, excessive concern over making mistakes; two, high personal standards; three, doubts",
        3,
      ),
    ).toBe(true);
    expect(listsItems("Yeah, so, like, you know, whatever and stuff.", 3)).toBe(false);
    expect(listsItems("I went to the store and bought milk.", 3)).toBe(false);
    expect(listsItems("What we say is encoding, storage and retrieval.", 4)).toBe(false);
  });

  it("prefers the moment that lists them", () => {
    const shield = passage([
      [
        2551,
        "That's who, if we're seeking perfection and we have this shield in front of us to push back against the shame, we need to understand who the shield is trying to protect us from.",
      ],
    ]);
    const quote = passage([
      [
        243,
        "Perfectionism is used by many people as a shield to protect against the pain of blame, judgment, or shame.",
      ],
    ]);
    const reply = answerOffline(
      "What three things does perfectionism try to protect people from?",
      [],
      [shield, quote],
    );
    expect(reply.sources[0]?.timecode).toBe(243);
  });
});

describe("a small number in the question (Brain Science #27, decision 078)", () => {
  it("keeps 'four' as a word to find", () => {
    // Brain Science #27 (CC BY-SA 4.0, Changelog Media).
    const factors = passage([
      [
        884,
        "Because if I can manage my time, I manage the discomfort that I feel. He goes into and identifies four psychological factors relative to pain.",
      ],
    ]);
    const escaping = passage([
      [
        150,
        "For me, the biggest thing I took away was how distraction originates from this need to escape, and the thing you're escaping from is psychological discomfort...",
      ],
    ]);
    const question = "What are the four psychological sources of discomfort he lists?";
    expect(scorePassages(question, [], [factors]).terms).toContain("4");
    expect(answerOffline(question, [], [escaping, factors]).sources[0]?.timecode).toBe(884);
  });
});

describe("a question for an origin (Brain Science #27, decision 078)", () => {
  it("finds 'originates from' for 'come from', and not 'when it comes to'", () => {
    // Brain Science #27 (CC BY-SA 4.0, Changelog Media).
    const framework = passage([
      [
        860,
        "So as you're listening to this, thinking it's either traction or distraction - now you have a mental framework to operate from when it comes to distraction.",
      ],
    ]);
    const origin = passage([
      [
        653,
        "If I read this book for one thing, it was for this - distractions originate from the need to escape psychological discomfort.",
      ],
    ]);
    const reply = answerOffline("Where does distraction come from?", [], [framework, origin]);
    expect(reply.sources[0]?.timecode).toBe(653);
  });
});

describe("phrasal verbs said as nouns (Founders Talk #66, decision 078)", () => {
  it("meets 'layoffs' for 'lay people off' and 'wrote off' for 'write-off'", () => {
    expect(phrasalNouns("Why did the company lay people off in 2015?")).toBe(
      "Why did the company layoff people in 2015?",
    );
    expect(phrasalNouns("Kleiner wrote off the investment")).toBe("Kleiner writeoff the investment");
    expect(phrasalNouns("How does a farmer stay fit?")).toBe("How does a farmer exercise?");
    expect(phrasalNouns("He laid out the plan.")).toBe("He laid out the plan.");
    // Brain Science #23: "How does Adam stay active?", "…for someone who never works out?"
    expect(phrasalNouns("How does Adam stay active?")).toBe("How does Adam exercise?");
    expect(phrasalNouns("someone who never works out?")).toBe("someone who never exercise?");
    expect(phrasalNouns("I work out every morning")).toBe("I exercise every morning");
    expect(phrasalNouns("the things that they tried didn't work out, and")).toBe(
      "the things that they tried didn't work out, and",
    );
    expect(phrasalNouns("It all worked out.")).toBe("It all worked out.");
    expect(phrasalNouns("we need to work out how")).toBe("we need to work out how");
    expect(phrasalNouns("Distractions originate from the need to escape.")).toBe(
      phrasalNouns("Distractions come from the need to escape."),
    );
    expect(phrasalNouns("when it comes to distraction")).toBe("when it comes to distraction");
    // Founders Talk #66 (CC BY-SA 4.0, Changelog Media).
    const layoffs = passage([
      [
        220,
        "Things went well - that was 2012 - until 2015, when we started to raise money again and we realized that we just weren't growing the business fast enough to merit another round of financing, a series B, 30+million dollars etc.",
      ],
      [
        245,
        "So we did a big round of layoffs, got to profitable... That hit the news again, and he felt validated.",
      ],
      [253, "Look, the things that they tried didn't work out, and they ended up selling the company."],
    ]);
    const { terms, sentences } = scorePassages("Why did the company lay people off in 2015?", [], [layoffs]);
    expect(terms).toContain(lemmaStem("layoffs"));
    expect(sentences.find((sentence) => sentence.start === 245)?.matched.has(lemmaStem("layoffs"))).toBe(
      true,
    );
  });
});

describe("a question for a year or a title (Founders Talk #66, decision 078)", () => {
  // Founders Talk #66 (CC BY-SA 4.0, Changelog Media).
  const start = passage([
    [0, "Gumroad is a startup that I started in 2011."],
    [5, "I wanted to make it really easy to sell content online if you're a creator."],
  ]);
  const rival = passage([
    [
      166,
      "He had built sort of a tangential startup and started a couple years before Gumroad did, and then all of a sudden Gumroad appears out of nowhere.",
    ],
  ]);

  it("looks for the year said, not the word 'year'", () => {
    expect(scorePassages("What year was Gumroad founded?", [], [start]).terms).not.toContain(
      lemmaStem("year"),
    );
    expect(answerOffline("What year was Gumroad founded?", [], [rival, start]).sources[0]?.timecode).toBe(0);
  });

  it("takes a question for a title as one for a name", () => {
    expect(
      questionShapeBonus(
        "What was the title of the essay he put on Medium?",
        'I wrote this piece called "Reflecting on my failure".',
      ),
    ).toBeGreaterThan(0);
  });
});

describe("a question about something named (decision 078)", () => {
  // Founders Talk #66 (CC BY-SA 4.0, Changelog Media).
  const pinterest = passage([
    [
      1096,
      "There are times in which you wanna do that, and you want to sort of artificially inflate a choice.",
    ],
    [1109, "Like moving to Provo, Utah for me was like that, I think."],
    [1111, "Or leaving school to go to Pinterest, or leaving Pinterest to do Gumroad, or whatever."],
  ]);
  const started = passage([[0, "Gumroad is a startup that I started in 2011."]]);

  it("is not covered by a passage that only mentions the name", () => {
    expect(answerOffline("Who founded Pinterest?", [], [pinterest]).answer).toBe(NOT_COVERED_ANSWER);
  });

  it("is answered where the name meets another of the question's words", () => {
    const reply = answerOffline("When was Gumroad founded?", [], [pinterest, started]);
    expect(reply.sources[0]?.timecode).toBe(0);
  });
});

describe("the question's words said together (Practical AI #150, decision 078)", () => {
  it("prefers the sentence that says a pair of them word for word", () => {
    // Practical AI #150 (CC BY-SA 4.0, Changelog Media).
    const aws = passage([
      [
        501,
        "Now, when it comes to the more technical side of things, Netflix for the longest time has been 100% on AWS, and it's a cloud-first company.",
      ],
    ]);
    const bidding = passage([
      [
        1359,
        "I mean, at my previous company before Netflix we were doing real-time bidding for targeted advertising.",
      ],
    ]);
    expect(
      answerOffline("What did his company before Netflix do?", [], [aws, bidding]).sources[0]?.timecode,
    ).toBe(1359);
  });
});

describe("a name's kind said before it (Brain Science #14, decision 078)", () => {
  it("does not take 'the movie' for what is asked of 'Inside Out'", () => {
    // Brain Science #14 (CC BY-SA 4.0, Changelog Media).
    const movie = passage([
      [443, "Have you seen the movie Inside Out?"],
      [445, "Yes, I have."],
      [447, 'I almost actually pitched an idea for a show called "Memory according to Inside Out".'],
    ]);
    expect(answerOffline("Who directed the movie Inside Out?", [], [movie]).answer).toBe(NOT_COVERED_ANSWER);
    expect(answerOffline("Which movie is Inside Out?", [], [movie]).answer).not.toBe(NOT_COVERED_ANSWER);
  });
});

describe("questions for a term's meaning", () => {
  // Brain Science #23 (github.com/thechangelog/transcripts, CC BY-SA 4.0 Changelog Media).
  const passing = passage([
    [1695, "Yeah... I mean, it interesting how the brain plays such a role in these things."],
    [
      1700,
      "I wouldn't imagine that neuroplasticity would allow me to override my genome, to be able to adapt.",
    ],
  ]);
  const defined = passage([
    [1440, "So what we're talking about though is conceptually neuroplasticity."],
    [
      1443,
      "And if you haven't heard about this, what it is is literally the brain's ability to reorganize itself by forming new neural connections throughout your life.",
    ],
  ]);
  const standOut = passage([
    [
      179,
      "What kind of change, if you could pinpoint a couple that stand out most to you, in therapy, are people trying to seek therapy and change?",
    ],
  ]);
  const spelled = passage([
    [
      1933,
      "I wanna talk about this one specific protein (or gene) that's called BDNF, brain-derived neurotrophic factor.",
    ],
  ]);

  it("answers 'What is X?' with the line that says what X is, not a passing use", () => {
    expect(answerOffline("What is neuroplasticity?", [], [passing, defined]).sources[0]?.timecode).toBe(1443);
  });

  it("answers 'What does X stand for?' with the acronym spelled out, not 'stand out'", () => {
    expect(answerOffline("What does BDNF stand for?", [], [standOut, spelled]).sources[0]?.timecode).toBe(
      1933,
    );
  });
});

describe("'instead' is no word to find", () => {
  it("answers 'What word does he use instead of addictive?' from the line that renames it", () => {
    // Brain Science #23 (github.com/thechangelog/transcripts, CC BY-SA 4.0 Changelog Media).
    const renamed = passage([
      [
        583,
        "Regarding this addictive mindset I've mentioned and our discussion around it, I can see how I've also leveraged it.",
      ],
      [
        592,
        "I would change the word from addictive to obsessive, and maybe that's even got some borderline --",
      ],
    ]);
    const cliff = passage([
      [
        1847,
        'Because you have an awareness of going "This is where I get stuck or struggle, so instead of playing right next to the edge of the cliff, I\'m gonna play way back here."',
      ],
    ]);
    const { terms } = scorePassages(
      "What word does Adam use instead of addictive to describe himself?",
      [],
      [renamed],
    );
    expect(terms).not.toContain(lemmaStem("instead"));
    const reply = answerOffline(
      "What word does he use instead of addictive to describe himself?",
      [],
      [cliff, renamed],
    );
    expect(reply.sources[0]?.timecode).toBe(592);
  });
});
