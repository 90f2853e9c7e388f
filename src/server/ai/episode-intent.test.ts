import { describe, expect, it } from "vitest";
import {
  answerEpisodeIntent,
  answerFromOverview,
  answerPersonQuestion,
  askedPersonName,
  closingSendOff,
  closingTakeaway,
  detectEpisodeIntent,
  type EpisodeOverview,
  firstMention,
  guestsFromTranscript,
  hostsFromTranscript,
  isPersonLabel,
  personalIntroduction,
  readsAsAdvice,
  subjectIntroduction,
} from "./episode-intent.ts";

describe("detectEpisodeIntent", () => {
  const cases: [string, ReturnType<typeof detectEpisodeIntent>][] = [
    ["What is this episode about?", "subject"],
    ["what's this episode about", "subject"],
    ["So what is the podcast about?", "subject"],
    ["What's it about?", "subject"],
    ["What was the conversation mainly about?", "subject"],
    ["What topics does this episode cover?", "subject"],
    ["What is the main topic of the episode?", "subject"],
    ["What do they talk about?", "subject"],
    ["What are they talking about?", "subject"],
    ["What does the episode discuss?", "subject"],
    ["Summarize this episode", "summary"],
    ["Can you give me a summary of the episode please?", "summary"],
    ["TL;DR?", "summary"],
    ["Give me a recap.", "summary"],
    ["What's the gist?", "summary"],
    ["What are the main takeaways?", "takeaways"],
    ["Key takeaways from this episode", "takeaways"],
    ["What are the key points?", "takeaways"],
    ["What is the main argument?", "takeaways"],
    ["What's the central message of the episode?", "takeaways"],
    ["What should I remember from this?", "takeaways"],
    ["What did we learn?", "takeaways"],
    ["If I remember one thing from this conversation, what should it be?", "takeaways"],
    ["Who is the guest?", "guest"],
    ["who's the guest today", "guest"],
    ["Who are the guests on this episode?", "guest"],
    ["Who is being interviewed?", "guest"],
    ["Who are they talking to?", "guest"],
    ["Who is on the show?", "guest"],
    ["Who is the guest and what does she do?", "guest"],
    ["What's this episode about, in a nutshell?", "subject"],
    ["Who is the host?", "host"],
    ["Who hosts this podcast?", "host"],
    // Phrased in episode-level words only, recognised by their cue words (decision 041).
    ["What are they discussing?", "subject"],
    ["Can you tell me what this episode is about?", "subject"],
    ["What's the topic of today's episode?", "subject"],
    ["Give me a quick summary", "summary"],
    ["Summarise this for me", "summary"],
    ["Give me the highlights", "summary"],
    ["Who are they interviewing?", "guest"],
    ["Who is she?", "guest"],
    ["What's the guest's background?", "guest"],
    ["What does the guest do for a living?", "guest"],
    // Phrasings written for decision 078 (none from a benchmark question).
    ["What is the guest's profession?", "guest"],
    ["Introduce the guest.", "guest"],
    ["What's the big takeaway for a beginner?", "takeaways"],
    ["What's the one piece of advice?", "takeaways"],
    ["What do I learn by listening?", "takeaways"],
    ["What's her main advice?", "takeaways"],
    ["What is the guest's main argument?", "takeaways"],
    ["What's the bottom line?", "takeaways"],
    ["What's the big idea?", "takeaways"],
    // Phrasings written for decision 042 (none from a benchmark question).
    ["Who's the expert they talk to?", "guest"],
    ["Who is speaking in this episode?", "guest"],
    ["Who was on the show today?", "guest"],
    ["Whom do they talk to?", "guest"],
    ["What are the three biggest takeaways?", "takeaways"],
    ["Briefly, what's this about?", "subject"],
    ["In a few words, what do they talk about?", "subject"],
    ["What is the purpose of this episode?", "subject"],
    ["What problem does this episode tackle?", "subject"],
    ["Sum up the episode in two sentences.", "summary"],
    // Written for decision 044 (none from a benchmark question).
    ["Who's hosting?", "host"],
    ["Who is presenting this show?", "host"],
    ["Who's the moderator?", "host"],
    // Written for stop 32 as a listener would ask (none from a benchmark question).
    ["What is this podcast episode on?", "subject"],
    ["Which topic do they explore?", "subject"],
    ["What issue does this episode tackle?", "subject"],
    ["What question does the episode try to answer?", "subject"],
    ["What subject do they dig into?", "subject"],
    ["What are the hosts discussing?", "subject"],
    ["What are the hosts chatting about today?", "subject"],
    ["In a nutshell?", "summary"],
    ["Brief me on this episode", "summary"],
    ["What happens in this episode?", "summary"],
    ["Break it down for me", "summary"],
    ["What practical tips come out of this?", "takeaways"],
    ["What's the key message for listeners?", "takeaways"],
    ["Who joins the host?", "guest"],
    ["Who do they have on?", "guest"],
    ["Who is featured in this episode?", "guest"],
    ["Who is the guest speaker and what's their expertise?", "guest"],
    ["Who are the people talking?", "guest"],
    ["Who's asking the questions?", "host"],
    ["Give me a quick rundown of the conversation.", "summary"],
    ["What do the guests want listeners to walk away with?", "takeaways"],
    // A speaker named where "she" would do (Brain Science #23, decision 080).
    ["What does Mireille want listeners to walk away with?", "takeaways"],
    ["What's Lauren's main advice?", "takeaways"],
    ["Tell me about the guest.", "guest"],
    ["Tell me more about the host", "host"],
    ["What's the guest's name?", "guest"],
    ["What is the host called?", "host"],
    ["What conclusions do they reach?", "takeaways"],
    ["Why should I listen to this?", "summary"],
    ["Is this episode worth listening to?", "summary"],
    ["What are they debating?", "subject"],
    ["What ground does this episode cover?", "subject"],
    ["What's the premise?", "subject"],
    ["Any actionable tips from this episode?", "takeaways"],
    ["What's the one thing to take from this?", "takeaways"],
    ["How would you describe this episode?", "summary"],
    ["I don't have time to listen, what's the main thing they talk about?", "subject"],
    ["Can you tell me what this episode covers in simple terms?", "subject"],
    ["What's the conversation about, roughly?", "subject"],
    ["What's the context of this episode?", "subject"],
    ["What kind of show is this?", "subject"],
    ["What problem are they trying to solve?", "subject"],
    ["Who is the woman being interviewed?", "guest"],
    ["Who's the main voice here?", "guest"],
    ["What's the name of the person they interview?", "guest"],
    // The Changelog #386 and Practical AI #166 (dev, decision 056), asked before the engine ran.
    ["Give me the gist in a couple of sentences.", "summary"],
    // Written fresh for decision 065.
    ["Explain this episode in simple terms.", "summary"],
    ["Why does this episode matter?", "summary"],
    ["What's the story here?", "subject"],
    ["I'm torn about my own career path. Why would this episode be worth my time?", "summary"],
    // Written fresh for decision 066.
    ["Who is this episode for?", "summary"],
    ["Who should listen to this episode?", "summary"],
    ["What were the most interesting parts?", "summary"],
    ["What is the guest's area of expertise?", "guest"],
    ["How did the guest get started?", "guest"],
    [
      "I have been going back and forth for months about whether to stay an engineer or become a manager at my company. What's the gist?",
      "summary",
    ],
  ];
  it.each(cases)("%s → %s", (question, intent) => {
    expect(detectEpisodeIntent(question)).toBe(intent);
  });

  it.each([
    "What does this episode say about inflation?",
    "What is the episode's take on index funds?",
    "Who is the guest's co-author?",
    "What are the takeaways about compound interest for retirees?",
    "What is spaced repetition about?",
    "Who invented the printing press?",
    "What did the guest say about Taiwan?",
    "Who came up with the idea?",
    "Who is the expert on sleep?",
    "What problem does caffeine cause?",
    "What is the goal of meditation?",
    "How much does an index fund cost?",
    "What advice does she give about sleep?",
    "What's her main argument against remote work?",
    "Who is the guest's co-author?",
    "What did I miss?",
    "What happens to your heart when you drink coffee?",
    "Which question did the audience ask?",
    "Who came up with the question?",
    "What's the name of the book they mention?",
    "Why do they disagree about taxes?",
    "What are they debating about inflation?",
    "Why did the guest leave her job?",
    "What is the premise of the book?",
    "How would you describe her childhood?",
    "Any tips on sleep?",
    "What time does the show start in Japan?",
    "Who is the man she married?",
    "What kind of chips does the factory make?",
    "Who is the book for?",
    "Who should listen to their parents?",
    "What's the most interesting part of the brain?",
    "How did the company get started?",
    "What did Adam learn from Netflix?",
    "Who is Mireille Reece?",
    "Tell me about Joe.",
    "What's the context of the 1985 ruling?",
    "",
    "about",
  ])("leaves a question about something said in the episode alone: %s", (question) => {
    expect(detectEpisodeIntent(question)).toBeNull();
  });
});

const segments = [
  { start: 0, end: 6, text: "Welcome back to Signal and Noise." },
  { start: 6.4, end: 14, text: "My guest today is Priya Raman, who studies the chip supply chain." },
  { start: 14, end: 20, text: "Raman has written two books on it." },
  { start: 80, end: 90, text: "Thanks for having me." },
];

const overview = (changes: Partial<EpisodeOverview> = {}): EpisodeOverview => ({
  title: "Who Makes the Chips?",
  podcastName: "Signal & Noise",
  summary:
    "Priya Raman explains why the most advanced chips come from very few factories. Extreme ultraviolet machines come from one Dutch company. The episode ends with what a blockade would do.",
  insights: [
    { keyPoint: "TSMC makes most of the world's advanced chips.", timecode: 95 },
    { keyPoint: "ASML is the only maker of EUV machines.", timecode: 140 },
    { keyPoint: "A blockade would stop car factories within weeks.", timecode: null },
  ],
  guests: [
    {
      name: "Priya Raman",
      bio: "Priya Raman is an economist at the Lowy Institute. She writes about trade.",
    },
  ],
  hosts: [{ name: "Sam Ortiz", bio: null }],
  topics: ["chip supply chain", "lithography"],
  transcriptSegments: segments,
  ...changes,
});

describe("answerEpisodeIntent", () => {
  it("keeps a long summary to its first sentences", () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i + 1} carries some forty characters.`,
    ).join(" ");
    const answer = answerEpisodeIntent("subject", overview({ summary: long }))?.answer ?? "";
    expect(answer.length).toBeLessThan(460);
    expect(answer.endsWith("characters.")).toBe(true);
  });

  it("does not name the show twice when the summary opens on it, and keeps a show name's '!' inside its sentence", () => {
    const summary =
      "In this episode of Ship It!, Justin Garrison talks with Autumn Nash about Bluesky and learning in public. The constraints are what make the problem interesting.";
    const answer = answerEpisodeIntent("subject", overview({ podcastName: "Ship It!", summary }));
    expect(answer?.answer).toBe(`"Who Makes the Chips?": ${summary}`);
  });

  it("answers the subject from the summary's lead, naming show and guest, with the insights' moments", () => {
    const answer = answerEpisodeIntent("subject", overview());
    expect(answer?.answer).toBe(
      'This episode of Signal & Noise, "Who Makes the Chips?" with Priya Raman: Priya Raman explains why the most advanced chips come from very few factories. Extreme ultraviolet machines come from one Dutch company. The episode ends with what a blockade would do.',
    );
    // First where the introduction names the subject, then the insights' moments.
    expect(answer?.sources.map((source) => source.timecode)).toEqual([6, 95, 140]);
  });

  it("names the guest with their bio, sourced at their introduction", () => {
    const answer = answerEpisodeIntent("guest", overview());
    expect(answer?.answer).toBe(
      "The guest is Priya Raman. Priya Raman is an economist at the Lowy Institute. She writes about trade.",
    );
    expect(answer?.sources).toEqual([{ timecode: 6, text: segments[1]?.text }]);
  });

  it("lists several guests", () => {
    const answer = answerEpisodeIntent(
      "guest",
      overview({
        guests: [
          { name: "Ann Lee", bio: null },
          { name: "Bo Chen", bio: "Bo Chen builds fabs." },
        ],
      }),
    );
    expect(answer?.answer).toBe("The guests are Ann Lee and Bo Chen. Bo Chen: Bo Chen builds fabs.");
  });

  it("lists the takeaways with their times", () => {
    const answer = answerEpisodeIntent("takeaways", overview());
    expect(answer?.answer).toBe(
      "The main takeaways:\n1. TSMC makes most of the world's advanced chips. (1:35)\n2. ASML is the only maker of EUV machines. (2:20)\n3. A blockade would stop car factories within weeks.",
    );
    expect(answer?.sources.map((source) => source.timecode)).toEqual([95, 140]);
  });

  it("puts the takeaways that read as advice first, each group in time order", () => {
    // Key insights of JS Party #270 and Go Time #240 (CC BY-SA 4.0 Changelog Media).
    const insights = [
      {
        keyPoint:
          "All software ships bugs, and you can't solve all your problems at the exact same time, so you have to have some system to coordinate.",
        timecode: 523,
      },
      { keyPoint: "The last time I looked, Go 1.19 had at least one release candidate out.", timecode: 601 },
      { keyPoint: "Pick one lane in frontend and specialize there.", timecode: 2613 },
      { keyPoint: "Don't forget your humans in the equation.", timecode: 2730 },
    ];
    const answer = answerEpisodeIntent("takeaways", overview({ insights }));
    expect(answer?.answer).toMatch(
      /^The main takeaways:\n1\. Pick one lane.*\n2\. Don't forget.*\n3\. All software/,
    );
    expect(answer?.sources.map((source) => source.timecode)).toEqual([2613, 2730, 523]);
  });

  it('reads advice in so many words or as an imperative, not the general "you" of an explanation', () => {
    expect(readsAsAdvice("Pick one lane in frontend and specialize there.")).toBe(true);
    expect(readsAsAdvice("Do yourself a favor and make sure you can search for that log line.")).toBe(true);
    expect(
      readsAsAdvice("Sometimes you have to do something that doesn't make sense to the rest of the world."),
    ).toBe(true);
    expect(readsAsAdvice("My advice is to just try.")).toBe(true);
    // Brain Science #16 and #23: a picture set up or the talk recalled advises nothing.
    expect(readsAsAdvice("Imagine I am always operating under certain constraints.")).toBe(false);
    expect(readsAsAdvice("Remember when we talked about habit formation and how important it is.")).toBe(
      false,
    );
    expect(
      readsAsAdvice(
        "The memory model, essentially in a computer programming language, you need to make some guarantees about what happens.",
      ),
    ).toBe(false);
    expect(readsAsAdvice("Design is a really interesting profession.")).toBe(false);
    expect(readsAsAdvice("Do you write tests first?")).toBe(false);
  });

  it("leaves the question to retrieval when the overview cannot answer it", () => {
    expect(
      answerEpisodeIntent("guest", overview({ guests: [], transcriptSegments: segments.slice(2) })),
    ).toBeNull();
    expect(answerEpisodeIntent("subject", overview({ summary: " " }))).toBeNull();
    expect(answerEpisodeIntent("takeaways", overview({ insights: [] }))).toBeNull();
  });

  it("finds the guest in the introduction when the feed lists none", () => {
    const answer = answerEpisodeIntent("guest", overview({ guests: [] }));
    expect(answer).toEqual({
      answer:
        "The guest is Priya Raman. From the introduction: “My guest today is Priya Raman, who studies the chip supply chain. Raman has written two books on it.”",
      sources: [{ timecode: 6, text: segments[1]?.text }],
    });
    expect(answerEpisodeIntent("subject", overview({ guests: [] }))?.answer).toContain("with Priya Raman:");
  });

  it("sources the subject at the first introduction line that echoes the title, before one naming only a topic", () => {
    // The opening of a real interview (Founders Talk #87): the greeting names the company, a
    // topic; the line after it says what the episode is about, in other forms of the title's words.
    const opening = [
      { start: 0, end: 5, text: "Joe, welcome to Founders Talk." },
      {
        start: 5,
        end: 40,
        text: "I'm a big fan of what you're doing at Titan, sticking it to the man, basically.",
      },
      {
        start: 40,
        end: 72,
        text: "You really wanted to open up the idea of investing for everyone.",
      },
    ];
    const episode = overview({
      title: "Founders Talk #87: an investment platform for everyone",
      podcastName: "Founders Talk",
      topics: ["titan"],
      transcriptSegments: opening,
    });
    expect(subjectIntroduction(episode)?.timecode).toBe(40);
    // With no line echoing the title, the first that names a topic.
    expect(subjectIntroduction({ ...episode, title: "Founders Talk #87" })?.timecode).toBe(5);
    // The show's own name in the title is not the subject.
    expect(subjectIntroduction({ ...episode, title: "Founders Talk #87", topics: [] })).toBeNull();
  });

  it("takes a cold open's 'talk with X about…' for the subject's introduction (Founders Talk #61)", () => {
    const opening = [
      {
        start: 0,
        end: 10,
        text: "JavaScript is in every corner of software development, so that means npm is in every corner of software development.",
      },
      {
        start: 10,
        end: 31,
        text: "After reading a recent announcement to hire a CEO, I knew it was time to talk one-on-one with Isaac Schlueter, co-founder and former CEO, now Chief Product Officer of npm, about his choice and journey of hiring a successor.",
      },
      {
        start: 115,
        end: 140,
        text: "It started out as just a CouchDB instance on my own personal VPS, and then this company offered to provide infrastructure for it.",
      },
    ];
    const episode = overview({
      title: "Founders Talk #61: npm, from side project to company",
      podcastName: "Founders Talk",
      topics: [],
      transcriptSegments: opening,
    });
    expect(subjectIntroduction(episode)?.timecode).toBe(10);
  });

  it("does not take small talk about 'today's episode' for the subject's introduction", () => {
    // Practical AI #152's opening (CC BY-SA 4.0 Changelog Media, a probe of decision 080).
    const opening = [
      { start: 24, end: 28, text: "How are you doing, Chris?" },
      {
        start: 28,
        end: 44,
        text: "I am doing very well, Daniel. Enjoying the nice, cooler weather, and looking forward to some cool topics on today's episode.",
      },
      {
        start: 81,
        end: 101,
        text: "Yeah. Well, I think we're both lucky in that respect, because we've got Tivadar Danka with us, who is an educator in the machine learning space.",
      },
    ];
    const episode = overview({
      title: "Practical AI #152: The mathematics of machine learning",
      podcastName: "Practical AI",
      topics: [],
      transcriptSegments: opening,
    });
    expect(subjectIntroduction(episode)?.timecode).toBe(81);
    const framed = opening.map((segment) =>
      segment.start === 28
        ? { ...segment, text: "On today's show, we talk about the mathematics behind it all." }
        : segment,
    );
    expect(subjectIntroduction({ ...episode, transcriptSegments: framed })?.timecode).toBe(28);
  });

  it("sources the subject where a host says what the episode is about, before a topic named in passing", () => {
    // Real openings (CC BY-SA 4.0 Changelog Media, the bench's quiz-dev sample): FreeCodeCamp's
    // Quincy Larson presenting the Changelog's tenth anniversary; Go Time #141.
    const quincy = "Quincy Larson";
    const anniversary = [
      line(
        0,
        "Hey everyone, this is Quincy Larson. I'm the teacher who founded FreeCodeCamp.org five fateful years ago.",
        quincy,
      ),
      line(
        46,
        "Adam Stacoviak founded the Changelog exactly ten years ago, and Jerod Santo joined as a co-host about seven years ago.",
        quincy,
      ),
      line(
        69,
        "We're going to explore how Adam and Jerod got into coding, we're going to talk about how the Changelog has evolved over its first ten years.",
        quincy,
      ),
    ];
    const episode = overview({
      title: "Backstage #9",
      podcastName: "Backstage",
      topics: ["FreeCodeCamp", "origin story"],
      transcriptSegments: anniversary,
    });
    expect(subjectIntroduction(episode)?.timecode).toBe(69);
    const json = [
      line(0, "Hello, and welcome to Go Time! I'm Mat Ryer, and today we're talking about JSON.", "Mat Ryer"),
      line(
        9.1,
        "You'd be forgiven for thinking that's gonna be the most boring episode, but I guarantee you it will not be.",
        "Mat Ryer",
      ),
    ];
    expect(
      subjectIntroduction({
        ...episode,
        title: "Go Time #141",
        topics: ["boring episode"],
        transcriptSegments: json,
      })?.timecode,
    ).toBe(0);
    // An echo of the title that comes first still wins.
    expect(
      subjectIntroduction({ ...episode, title: "Jerod, the second co-host", topics: [] })?.timecode,
    ).toBe(46);
  });

  it("does not source the subject at small talk that names a topic", () => {
    // Brain Science #8's opening (CC BY-SA 4.0 Changelog Media): a question back is no introduction.
    const opening = [
      line(0, "Good morning, Adam. How are you?", "Mireille Reece"),
      line(3, "Well, I am preparing for a new decade. How about you?", "Adam Stacoviak"),
      line(
        18.8,
        "I think I let myself fail too often, or at least in my own eyes, because I have such high expectations from myself, as a goal setter.",
        "Adam Stacoviak",
      ),
    ];
    const episode = overview({
      title: "Brain Science #8",
      podcastName: "Brain Science",
      topics: ["goal setter", "new decade"],
      transcriptSegments: opening,
    });
    expect(subjectIntroduction(episode)?.timecode).toBe(18);
  });

  it("finds a person's first mention by full or last name", () => {
    expect(firstMention(segments, "Priya Raman")).toBe(6);
    expect(firstMention(segments.slice(2), "Priya Raman")).toBe(14);
    expect(firstMention(segments, "Nobody Here")).toBeNull();
    expect(firstMention(null, "Priya Raman")).toBeNull();
  });
});

describe("guestsFromTranscript", () => {
  const at = (start: number, text: string, speaker?: string) => ({
    start,
    end: start + 5,
    text,
    ...(speaker ? { speaker } : {}),
  });

  it.each([
    "My guest today is Ada Lovelace, who wrote the first program.",
    "Let me introduce to you all Ada Lovelace.",
    "I'm joined today by Ada Lovelace.",
    "Joining me now is Ada Lovelace from the Analytical Society.",
    "Please welcome Ada Lovelace.",
    "With me is Ada Lovelace. Did I get your name right?",
    "Today we've got Ada Lovelace with us, who wrote the first program.",
    "On today's show we have Ada Lovelace from the Analytical Society.",
  ])("hears an introduction: %s", (text) => {
    expect(guestsFromTranscript([at(0, "Hello and welcome."), at(12, text)])).toEqual([
      { name: "Ada Lovelace", at: 12 },
    ]);
  });

  it("needs the name to speak when the transcript labels speakers, and looks only at the introduction", () => {
    const labelled = [
      at(0, "Our guest today is Deep Learning, in a way.", "Host"),
      at(10, "My guest is Ada Lovelace.", "Host"),
      at(20, "Thanks for having me.", "Ada Lovelace"),
    ];
    expect(guestsFromTranscript(labelled)).toEqual([{ name: "Ada Lovelace", at: 10 }]);
    const late = [at(0, "Welcome."), at(3000, "My guest is Ada Lovelace."), at(4000, "The end.")];
    expect(guestsFromTranscript(late)).toEqual([]);
    expect(guestsFromTranscript(null)).toEqual([]);
  });

  // Go Time #141 (quiz-dev, CC BY-SA 4.0 Changelog Media): a panellist "joins" the host; the guest is
  // called one, named without the accent the speaker label has.
  it("takes the person the introduction calls the guest over a panellist joining the host", () => {
    const words = "and then we talk about encoding, decoding, numbers, strings and the standard library";
    const panel = [
      at(0, "Hello, and welcome to Go Time! I'm Mat Ryer, and today we're talking about JSON.", "Mat Ryer"),
      at(9, "Joining me today, Johnny Boursiquot. Hello, Johnny!", "Mat Ryer"),
      at(25, "Hello, Mat.", "Johnny Boursiquot"),
      at(
        39,
        "Don't worry though, we do have a great guest today... A very prolific contributor to Go. You've probably seen his name around - Daniel Marti. Hello, Daniel.",
        "Mat Ryer",
      ),
      at(57, "Hi. Happy to be here.", "Daniel Martí"),
      ...["Mat Ryer", "Johnny Boursiquot", "Daniel Martí"].map((speaker, index) =>
        at(100 + index * 10, words, speaker),
      ),
    ];
    expect(guestsFromTranscript(panel)).toEqual([{ name: "Daniel Martí", at: 39 }]);
    // A guest introduced earlier by a usual phrasing keeps that first moment.
    const joined = [at(0, "We're joined today by Andrei Matei from CockroachDB.", "Brian Ketelsen")];
    const called = [at(30, "And our guest Andrei Matei. Tell us who you are.", "Brian Ketelsen")];
    const talk = ["Brian Ketelsen", "Andrei Matei"].map((speaker, index) =>
      at(100 + index * 10, words, speaker),
    );
    expect(guestsFromTranscript([...joined, ...called, ...talk])).toEqual([{ name: "Andrei Matei", at: 0 }]);
  });

  // Ship It! #135 and #94 (quiz-dev, decision 055): the co-host is named in full "as always".
  it("takes no co-host named 'as always' for a guest", () => {
    const words = "and then we talk about the show, the year, the people and the things we learned";
    const lines = [
      at(
        0,
        "I'm your host, Justin Garrison, and with me as always is Autumn Nash. How's it going?",
        "Justin Garrison",
      ),
      ...Array.from({ length: 8 }, (_, i) => [
        at(10 + i * 20, `Good, ${words}.`, "Autumn Nash"),
        at(20 + i * 20, `Right, ${words}.`, "Justin Garrison"),
      ]).flat(),
    ];
    expect(guestsFromTranscript(lines)).toEqual([]);
  });

  /** Real lines (Practical AI #289's opening, CC BY-SA 4.0 Changelog Media), speakers labelled. */
  const daniel = "Daniel Whitenack";
  const mike = "Mike Lewis";
  const opening = [
    at(0, "Welcome to another episode of the Practical AI Podcast.", daniel),
    at(
      6,
      "This is Daniel Whitenack, I am founder and CEO at Prediction Guard, and I'm really privileged today to have in the Prediction Guard offices one of my good friends, Mike Lewis, who I've known for a little while now in the AI space.",
      daniel,
    ),
    at(55, "He's currently the chief AI architect at Synthony down in Cincinnati.", daniel),
    at(68, "Thank you, Daniel, and I've been looking forward to this for a long time.", mike),
    at(
      90,
      "Frankly, I've done a lot of head-scratching on this topic, there are astronomers and astronauts.",
      mike,
    ),
  ];

  it("falls back on the speaker labels: a speaker the opener names in full, not a co-host", () => {
    expect(guestsFromTranscript(opening)).toEqual([{ name: "Mike Lewis", at: 6 }]);
    const withCohost = [
      at(0, "Welcome. I'm joined as always by my co-host, Chris Benson.", daniel),
      at(10, "Hey Daniel, glad to be here and talk about this long topic today.", "Chris Benson"),
    ];
    expect(guestsFromTranscript(withCohost)).toEqual([]);
  });

  /** Real lines (Founders Talk #87's opening, CC BY-SA 4.0 Changelog Media): the guest is never named in full. */
  const adam = "Adam Stacoviak";
  const joe = "Joe Percoco";
  const welcomed = [
    at(0, "Joe, welcome to Founders Talk.", adam),
    at(
      5,
      "I'm a big fan of what you're doing at Titan, I'm a big fan of sticking it to the man, basically.",
      adam,
    ),
    at(
      110,
      "Probably not too far off. Yeah, honestly. It was just pretty eye-opening that there are two entirely different worlds.",
      joe,
    ),
  ];

  it("falls back on a labelled speaker the opener welcomes by first name, never a co-host", () => {
    expect(guestsFromTranscript(welcomed)).toEqual([{ name: "Joe Percoco", at: 0 }]);
    expect(guestsFromTranscript([at(0, "Welcome to the show, Joe.", adam), ...welcomed.slice(2)])).toEqual([
      { name: "Joe Percoco", at: 0 },
    ]);
    // Two hosts chatting: nobody is welcomed to the show, so there is no guest.
    const hostsOnly = [
      at(0, "Hello and welcome to Brain Science. Adam, how are you today?", "Mireille Reece, PsyD"),
      at(8, "I'm good, Mireille. Let's talk about conflict today, and what it does to us.", adam),
    ];
    expect(guestsFromTranscript(hostsOnly)).toEqual([]);
    const cohostWelcomed = [
      at(0, "Welcome back, Adam, my co-host, to another episode.", "Mireille Reece, PsyD"),
      at(8, "Thanks, Mireille. Today it is just the two of us talking about sleep and naps.", adam),
    ];
    expect(guestsFromTranscript(cohostWelcomed)).toEqual([]);
  });

  it("answers a question about the guest by first name from that opening", async () => {
    const load = async () => overview({ guests: [], hosts: [], transcriptSegments: welcomed });
    expect((await answerFromOverview("Tell me about Joe.", load))?.answer).toBe(
      "The guest is Joe Percoco. From the introduction: “Joe, welcome to Founders Talk. I'm a big fan of what you're doing at Titan, I'm a big fan of sticking it to the man, basically.”",
    );
    expect((await answerFromOverview("Who is the guest?", load))?.sources[0]?.timecode).toBe(0);
  });

  it("names the host: who opens the show, by their self-introduction", () => {
    expect(hostsFromTranscript(opening)).toEqual([{ name: "Daniel Whitenack", at: 6 }]);
    expect(hostsFromTranscript([at(0, "Hi, my name is Ada Lovelace and this is the show.")])).toEqual([
      { name: "Ada Lovelace", at: 0 },
    ]);
    expect(hostsFromTranscript([at(0, "Welcome back, everyone.", "Grace Hopper")])).toEqual([
      { name: "Grace Hopper", at: 0 },
    ]);
    expect(hostsFromTranscript(null)).toEqual([]);
    // Go Time #225 (CC BY-SA 4.0 Changelog Media).
    expect(
      hostsFromTranscript([
        at(0, "Welcome, gophers and wonderful listeners out there. I'm your host, Kris Brandow."),
      ]),
    ).toEqual([{ name: "Kris Brandow", at: 0 }]);
    // Practical AI #166 (CC BY-SA 4.0 Changelog Media): a stand-in co-host named by the host.
    const standIn = [
      at(
        19,
        "My name is Chris Benson, I am one of your co-hosts, and Daniel is actually out this week.",
        "Chris Benson",
      ),
      at(
        64,
        "I have an excellent co-host, a proven co-host; you already know her name, it's Natalie Pistunovich.",
        "Chris Benson",
      ),
      at(92, "Thanks, Chris. It's always fun to be here.", "Natalie Pistunovich"),
      at(136, "So I would like to introduce Thomas Simonini.", "Chris Benson"),
      at(153, "That's correct, and thanks for having me on the show today.", "Thomas Simonini"),
    ];
    expect(hostsFromTranscript(standIn)).toEqual([
      { name: "Chris Benson", at: 19 },
      { name: "Natalie Pistunovich", at: 64 },
    ]);
  });

  it("names introduced co-hosts as hosts, not as voices the transcript leaves unintroduced", async () => {
    const standIn = [
      at(
        19,
        "My name is Chris Benson, I am one of your co-hosts, and Daniel is out this week.",
        "Chris Benson",
      ),
      at(
        64,
        "I have an excellent co-host; you already know her name, it's Natalie Pistunovich.",
        "Chris Benson",
      ),
      at(
        92,
        "Thanks, Chris. It's always fun to be here, and I am glad to be back with you.",
        "Natalie Pistunovich",
      ),
    ];
    const answer = await answerFromOverview("Who hosts this one?", async () =>
      overview({ guests: [], hosts: [], transcriptSegments: standIn }),
    );
    expect(answer?.answer).toBe("The hosts are Chris Benson and Natalie Pistunovich.");
    expect(answer?.sources.map((source) => source.timecode)).toEqual([19, 64]);
  });
});

/** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): Brain Science #12's opening. */
const mireille = "Mireille B. Reece, Psy.D";
const line = (start: number, text: string, speaker: string) => ({ start, end: start + 5, text, speaker });
const twoHosts = [
  line(0, "It seems we always have a choice.", "Adam Stacoviak"),
  line(13, 'We say "We had to do it that way" or "We had to do this thing."', "Adam Stacoviak"),
  line(34, "But we always have a choice. What do you think?", "Adam Stacoviak"),
  line(39, "Yeah, I wholeheartedly agree.", mireille),
  line(
    41,
    'I think it\'s interesting -- there\'s patterns or themes that emerge as I work with people in the process of therapy, and the words "I had to" or "I didn\'t have another option" come out so often...',
    mireille,
  ),
  line(95, "Yeah... There's this big idea that this is just one big simulation.", "Adam Stacoviak"),
];

describe("a conversation between hosts, with no guest", () => {
  it("makes every regular voice a host when nobody is introduced as a guest", () => {
    expect(guestsFromTranscript(twoHosts)).toEqual([]);
    expect(hostsFromTranscript(twoHosts)).toEqual([
      { name: "Adam Stacoviak", at: 0 },
      { name: "Mireille B. Reece", at: 39 },
    ]);
    // An interview keeps its guest a guest: only the opener hosts.
    const interview = [
      line(0, "Joe, welcome to Founders Talk.", "Adam Stacoviak"),
      line(
        5,
        "Thanks, Adam. It's great to be here and talk about what we are building at Titan.",
        "Joe Percoco",
      ),
      line(12, "So tell me where it all started, back before the company existed.", "Adam Stacoviak"),
    ];
    expect(guestsFromTranscript(interview)).toEqual([{ name: "Joe Percoco", at: 0 }]);
    expect(hostsFromTranscript(interview)).toEqual([{ name: "Adam Stacoviak", at: 0 }]);
  });

  it("says no guest is introduced, and who is talking, sourced at each one's first line", async () => {
    const load = async () => overview({ guests: [], hosts: [], transcriptSegments: twoHosts });
    for (const question of ["Who is the guest?", "Is there a guest on this episode?", "Who's talking?"]) {
      const answer = await answerFromOverview(question, load);
      // Co-hosts, or a host and a guest whose spoken introduction the transcript lacks: it claims neither.
      expect(answer?.answer).toBe(
        "No guest is introduced in this episode's transcript: Adam Stacoviak opens it and talks with Mireille B. Reece.",
      );
      expect(answer?.sources.map((source) => source.timecode)).toEqual([0, 39]);
    }
    expect((await answerFromOverview("Who hosts this show?", load))?.answer).toBe(
      "The transcript doesn't introduce its hosts: Adam Stacoviak opens the episode and talks with Mireille B. Reece.",
    );
    // One voice, or a feed that lists its hosts: left to retrieval as before.
    const monologue = twoHosts.map((segment) => ({ ...segment, speaker: "Adam Stacoviak" }));
    expect(
      await answerFromOverview("Who is the guest?", async () =>
        overview({ guests: [], hosts: [], transcriptSegments: monologue }),
      ),
    ).toBeNull();
  });

  it("answers for a host by name without the middle initial", () => {
    const hostsOnly = overview({ guests: [], hosts: [], transcriptSegments: twoHosts });
    for (const asked of ["Mireille Reece", "Mireille B. Reece", "Reece", "Mireille"]) {
      const answer = answerPersonQuestion(asked, hostsOnly);
      expect(answer?.answer).toBe("The host is Mireille B. Reece.");
      expect(answer?.sources[0]?.timecode).toBe(39);
    }
    expect(answerPersonQuestion("Mireille Smith", hostsOnly)).toBeNull();
  });
});

/** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): Brain Science #25's close. */
const closing = [
  { start: 4000, end: 4010, speaker: "Danielle Rath", text: "Caffeine is a drug, and it deserves respect." },
  {
    start: 5353,
    end: 5359,
    speaker: "Danielle Rath",
    text: "So you can find a lot of content about popular energy drinks, ingredients and safety on greeneyedguide.com.",
  },
  { start: 5359, end: 5360, speaker: "Adam Stacoviak", text: "Awesome." },
  {
    start: 5360,
    end: 5364,
    speaker: "Mireille Reece, PsyD",
    text: "We are so thankful for you coming on and talking to our listeners.",
  },
  {
    start: 5364,
    end: 5375,
    speaker: "Mireille Reece, PsyD",
    text: "So if you could give our listeners one quick takeaway to how they can navigate caffeine differently, or a question they can ask themselves, what would you leave them with?",
  },
  {
    start: 5375,
    end: 5378,
    speaker: "Danielle Rath",
    text: "I would say always, always, always read your labels.",
  },
  {
    start: 5378,
    end: 5390,
    speaker: "Danielle Rath",
    text: 'Always nurse your caffeine, and always ask yourself "Do I really need caffeine, or can I take a break, can I do something else to help my mind and my energy right now?"',
  },
  {
    start: 5390,
    end: 5395,
    speaker: "Mireille Reece, PsyD",
    text: "And there you have it. Danielle Rath, thank you, thank you, thank you.",
  },
];

/**
 * Real lines (The Changelog #386's opening, CC BY-SA 4.0 Changelog Media): the transcript starts after
 * the spoken intro, no line says "my guest is", and the guest answers the welcome.
 */
const thankedOpening = [
  line(0, "Lauren, thanks for coming on the show.", "Jerod Santo"),
  line(
    4,
    "As I said on Twitter, we're big fans of yours and all the work you've been doing, the open source and the vlogging you've been doing all these years; we appreciate you sitting down and coming on the Changelog.",
    "Jerod Santo",
  ),
  line(25, "Thank you, yeah. Thanks so much for having me. I'm really excited to be here.", "Lauren Tan"),
  line(83, "So how did you get into it?", "Jerod Santo"),
  line(
    87,
    "So with programming, it started in a pretty unusual way, I think, because I didn't start programming right off the bat.",
    "Lauren Tan",
  ),
  line(98, "My path into programming was actually from the design perspective.", "Lauren Tan"),
  line(231, "I remember those days very well... Adam, did you ever use Fireworks?", "Jerod Santo"),
  line(
    244,
    "Yeah. I loved the brand Macromedia. It was a cool brand. It was interesting that acquisition they'd done too, with Adobe acquiring them. Just the whole merging...",
    "Adam Stacoviak",
  ),
];

describe("a guest who thanks the hosts for having them", () => {
  it("is the guest, introduced where the opener greets them by name", () => {
    expect(guestsFromTranscript(thankedOpening)).toEqual([{ name: "Lauren Tan", at: 0 }]);
  });

  it("leaves the other regular voices as the hosts", async () => {
    expect(hostsFromTranscript(thankedOpening)).toEqual([
      { name: "Jerod Santo", at: 0 },
      { name: "Adam Stacoviak", at: 244 },
    ]);
    const load = async () => overview({ guests: [], hosts: [], transcriptSegments: thankedOpening });
    expect((await answerFromOverview("Who are the hosts?", load))?.answer).toBe(
      "The hosts are Jerod Santo and Adam Stacoviak.",
    );
    const guest = await answerFromOverview("Who's the guest on this one?", load);
    expect(guest?.answer).toMatch(
      /^The guest is Lauren Tan\. From the introduction: “Lauren, thanks for coming on the show\./,
    );
    expect(guest?.sources.map((source) => source.timecode)).toEqual([0]);
  });

  it("answers a question about the guest's background by name with their own account", async () => {
    const load = async () => overview({ guests: [], hosts: [], transcriptSegments: thankedOpening });
    const answer = await answerFromOverview("What's Lauren's background?", load);
    expect(answer?.answer).toContain(
      "On their background: “So with programming, it started in a pretty unusual way",
    );
    expect(answer?.sources[0]?.timecode).toBe(87);
    // Asked who she is, not about her past: the introduction alone.
    expect((await answerFromOverview("Who is Lauren Tan?", load))?.sources[0]?.timecode).toBe(0);
  });

  it("leaves a guest who speaks first out of the hosts", () => {
    // Changelog & Friends #45's opening (CC BY-SA 4.0, Changelog Media).
    const guestFirst = [
      line(0, "What are we talking about?", "Shaundai Person"),
      line(2, "I was gonna ask you that... I didn't think we'd need a plan with this trio.", "Jerod Santo"),
      line(9, "Let's just talk, then. We always do and it always works out for everyone.", "Adam Stacoviak"),
      line(39, "Yeah. So we're here with Shaundai Person from Netflix.", "Jerod Santo"),
      line(44, "Thanks for having me, it's good to be back with you both again.", "Shaundai Person"),
    ];
    expect(guestsFromTranscript(guestFirst).map((guest) => guest.name)).toEqual(["Shaundai Person"]);
    expect(hostsFromTranscript(guestFirst).map((host) => host.name)).toEqual([
      "Jerod Santo",
      "Adam Stacoviak",
    ]);
  });

  it("is not taken from a host who thanks a guest, nor after the opening", () => {
    const hostThanks = [
      line(0, "Welcome back, everyone.", "Jerod Santo"),
      line(4, "Thanks for having me on my own show, I guess.", "Jerod Santo"),
      line(200, "Thanks for having me, that was fun.", "Adam Stacoviak"),
    ];
    expect(guestsFromTranscript(hostThanks)).toEqual([]);
  });
});

describe("the closing takeaway", () => {
  it("finds the guest's reply to the host's closing request for a takeaway", () => {
    const found = closingTakeaway(closing);
    expect(found).toMatchObject({ timecode: 5375, speaker: "Danielle Rath" });
    expect(found?.text).toContain("read your labels");
  });

  it("leads the takeaways answer with it, sourced at the reply", () => {
    const answer = answerEpisodeIntent("takeaways", overview({ transcriptSegments: closing }));
    expect(answer?.answer).toMatch(
      /^Asked for a takeaway at the end, Danielle Rath says: “I would say always/,
    );
    expect(answer?.answer).toContain("The main takeaways:");
    expect(answer?.sources[0]?.timecode).toBe(5375);
  });

  it("reads the announcement of the last question a line before it (Practical AI #289's close)", () => {
    const host = "Daniel Whitenack";
    const guest = "Mike Lewis";
    const segments = [
      { start: 0, end: 3000, speaker: guest, text: "We validate again, and then we start the work." },
      {
        start: 3459,
        end: 3464,
        speaker: host,
        text: "And that brings me to maybe a last question here, as we're starting to wrap up.",
      },
      {
        start: 3464,
        end: 3476,
        speaker: host,
        text: "As you look to the future, what's most exciting for you now?",
      },
      {
        start: 3485,
        end: 3497,
        speaker: guest,
        text: "Well, I will stand by what I said initially, these tools are good enough as they are.",
      },
      {
        start: 3497,
        end: 3503,
        speaker: guest,
        text: "And the tools that I wish for are almost done baking.",
      },
    ];
    expect(closingTakeaway(segments)).toMatchObject({ timecode: 3485, speaker: guest });
    expect(detectEpisodeIntent("What's his main message at the end of the show?")).toBe("takeaways");
    expect(detectEpisodeIntent("What did she say at the end about sleep?")).toBeNull();
  });

  it("passes over a co-host's final thoughts, a quip and a plug for the guest's takeaway", () => {
    // The Changelog #386's closing (CC BY-SA 4.0, Changelog Media).
    const ending = [
      line(
        4598,
        "Any final words from you Lauren, or from you, Adam, before we call this a show?",
        "Jerod Santo",
      ),
      line(
        4604,
        "I will add that in my blog post I link to that slide deck from @millie. I definitely recommend reading through that.",
        "Lauren Tan",
      ),
      line(
        4642,
        "Excellent. We will scoop that up for our show notes, as well. Adam, final words, final thoughts?",
        "Jerod Santo",
      ),
      line(
        4648,
        "Well, the one thing I think I wanted to add, but not take deeply, is this idea of a generative quitter.",
        "Adam Stacoviak",
      ),
      line(4751, "Yeah. So does the two-week lame duck.", "Jerod Santo"),
    ];
    expect(closingTakeaway(ending)).toMatchObject({ timecode: 4648, speaker: "Adam Stacoviak" });
    // A question back is no takeaway (Backstage #22: "Do we know when we're putting it live?").
    const askedBack = [
      line(4598, "Any final thoughts before we call this a show?", "Jerod Santo"),
      line(4604, "Do we know when we're putting it live?", "Lauren Tan"),
    ];
    expect(closingTakeaway(askedBack)).toBeNull();
    // Nor is a quip (JS Party #224, CC BY-SA 4.0 Changelog Media).
    const quip = [
      line(
        3160,
        "Alright, y'all, this is our episode. Kball, Nick, Divya, any final words before we call it a day?",
        "Jerod Santo",
      ),
      line(3165, "We win.", "Nick Nisi"),
      line(
        3166,
        "It's been too long since I went to the other kind of spa... You made me miss it.",
        "Kevin Ball",
      ),
    ];
    expect(closingTakeaway(quip)).toBeNull();
    // With the hosts known, the guest's reply is all that is left, and it is a plug (a slide deck
    // from @millie), not a takeaway either.
    const hosts = ["Jerod Santo", "Adam Stacoviak"];
    expect(closingTakeaway(ending, hosts)).toBeNull();
    const advice = ending.map((segment) =>
      segment.start === 4604
        ? {
            ...segment,
            text: "Give a new role a year before you decide whether it suits you; you can always go back.",
          }
        : segment,
    );
    expect(closingTakeaway(advice, hosts)).toMatchObject({ timecode: 4604, speaker: "Lauren Tan" });
  });

  it("finds a speaker's own send-off near the end when no one asked for a takeaway", () => {
    // Brain Science #23's closing (CC BY-SA 4.0, Changelog Media).
    const sendOff = [
      line(
        0,
        "How often in therapy do you think you're helping people change something they think they can't change?",
        "Adam Stacoviak",
      ),
      line(
        2742,
        "One of the most critical things when we talk about this idea of change is actually believing that it's possible...",
        "Mireille Reece",
      ),
      line(
        2759,
        "So I want to send you guys off from this conversation with the realization that you can do things you didn't know you could.",
        "Mireille Reece",
      ),
      line(
        2778,
        'To some degree, flexibility in how we think and respond is going "Okay, that\'s what happened to me."',
        "Mireille Reece",
      ),
      line(2871, "It'll just take some effort and some time.", "Mireille Reece"),
    ];
    expect(closingTakeaway(sendOff)).toBeNull();
    expect(closingSendOff(sendOff)).toMatchObject({ timecode: 2759, speaker: "Mireille Reece" });
    // Said early, it is no send-off.
    expect(
      closingSendOff(
        sendOff
          .map((segment) => ({ ...segment, start: segment.start / 10 }))
          .concat(line(9000, "Bye.", "Adam Stacoviak")),
      ),
    ).toBeNull();
  });

  it("ignores a takeaway question asked early in the episode", () => {
    const early = closing.map((segment, index) => ({ ...segment, start: index * 10, end: index * 10 + 9 }));
    early.push({ start: 5000, end: 5010, speaker: "Danielle Rath", text: "Thanks for having me." });
    expect(closingTakeaway(early)).toBeNull();
  });
});

describe("the subject of an episode named after its guest", () => {
  /** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): Practical AI #36's opening. */
  const opening = [
    {
      start: 0,
      end: 15,
      speaker: "Chris Benson",
      text: "Hello there, and welcome to another episode of Practical AI, the podcast where we try to make AI practical, productive and accessible to everyone.",
    },
    {
      start: 15,
      end: 30,
      speaker: "Chris Benson",
      text: "This is Chris Benson, your co-host, and today I am at the NVIDIA GPU Technology Conference in Silicon Valley. It is Tuesday, March 19th.",
    },
    {
      start: 47,
      end: 54,
      speaker: "Chris Benson",
      text: "With me is Anima Anandkumar. Did I get your name okay?",
    },
    { start: 54, end: 58, speaker: "Anima Anandkumar", text: "Yeah, you did an amazing job." },
  ];

  it("sources the answer at the guest's introduction rather than the first title word", () => {
    const answer = answerEpisodeIntent(
      "subject",
      overview({
        title: "Practical AI #36 (Anima Anandkumar at NVIDIA GTC)",
        podcastName: "Practical AI",
        guests: [],
        topics: [],
        transcriptSegments: opening,
      }),
    );
    expect(answer?.answer).toContain("with Anima Anandkumar");
    expect(answer?.sources[0]?.timecode).toBe(47);
  });
});

describe("the subject of an episode that opens on welcoming its guest", () => {
  /** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): The Changelog #386's opening. */
  const opening = [
    line(0, "Lauren, thanks for coming on the show.", "Jerod Santo"),
    line(
      3.8,
      "As I said on Twitter, we're big fans of yours and all the work you've been doing, the open source and the vlogging you've been doing all these years; we appreciate you sitting down and coming on the Changelog.",
      "Jerod Santo",
    ),
    line(24.7, "Thank you, yeah. Thanks so much for having me. I'm really excited to be here.", "Lauren Tan"),
    line(
      32.8,
      "So we have an interesting conversation, because you're going through an interesting transition in your career, which we will tell the story of...",
      "Jerod Santo",
    ),
  ];
  const subjectOf = (segments: typeof opening) =>
    answerEpisodeIntent(
      "subject",
      overview({
        title: "The Changelog #386: Lauren Tan on going from engineer to engineering manager and back",
        podcastName: "The Changelog",
        guests: [],
        topics: [],
        transcriptSegments: segments,
      }),
    );

  it("sources the answer at the host's line after the guest's thanks, where the conversation is framed", () => {
    expect(subjectOf(opening)?.answer).toContain("with Lauren Tan");
    expect(subjectOf(opening)?.sources[0]?.timecode).toBe(32);
  });

  it("keeps the welcome when the guest answers it with more than thanks", () => {
    const reply = line(
      24.7,
      "I've just moved back from managing to writing code, and it has been a wild year for me.",
      "Lauren Tan",
    );
    const answered = opening.map((segment) => (segment.start === reply.start ? reply : segment));
    expect(subjectOf(answered)?.sources[0]?.timecode).toBe(0);
  });
});

describe("a person asked about by name", () => {
  it("reads the name a question asks about, and only a capitalised one", () => {
    expect(askedPersonName("Who is Priya Raman?")).toBe("Priya Raman");
    expect(askedPersonName("Who's Mike?")).toBe("Mike");
    expect(askedPersonName("Tell me about Danielle Rath.")).toBe("Danielle Rath");
    expect(askedPersonName("Tell me more about Raman")).toBe("Raman");
    expect(askedPersonName("Who is she?")).toBeNull();
    expect(askedPersonName("Who is the guest?")).toBeNull();
    expect(askedPersonName("Who is Priya Raman's co-author?")).toBeNull();
    expect(askedPersonName("What's Neethu's background?")).toBe("Neethu");
    expect(askedPersonName("What is Priya Raman's background?")).toBe("Priya Raman");
    expect(askedPersonName("What does Sam Coyle do?")).toBe("Sam Coyle");
    expect(askedPersonName("What does Sam Coyle do for a living?")).toBe("Sam Coyle");
    expect(askedPersonName("What's the guest's background?")).toBeNull();
    expect(askedPersonName("What does Sam think about Go?")).toBeNull();
  });

  it("takes one person's own introduction over the line that named everyone", () => {
    // Go Time #280 (CC BY-SA 4.0 Changelog Media): both guests named at 0:43, each presented later.
    const segments = [
      [
        43,
        "I'm extremely excited to be joined today by two wonderful women, Samantha Coyle and Neethu Elizabeth Simon, who along with their team at Intel helped to create an ML pipeline.",
      ],
      [88, "So without further ado, I'm going to intro you to our two guests."],
      [
        93,
        "As I've mentioned, we have Sam Coyle, who's a software engineer at Diagrid, where she develops Go microservices.",
      ],
      [249, "Next up we have Neethu Elizabeth Simon, who's on an IoT ML team."],
    ].map(([start, text]) => ({ start: Number(start), end: Number(start) + 10, text: String(text) }));
    expect(personalIntroduction(segments, "Samantha Coyle", 43)).toBe(93);
    expect(personalIntroduction(segments, "Neethu Elizabeth Simon", 43)).toBe(249);
    expect(personalIntroduction(segments, "Priya Raman", 43)).toBe(43);
  });

  it("answers for the guest by full, first or last name, sourced at the introduction", () => {
    for (const asked of ["Priya Raman", "Priya", "Raman"]) {
      const answer = answerPersonQuestion(asked, overview());
      expect(answer?.answer).toContain("The guest is Priya Raman. Priya Raman is an economist");
      expect(answer?.sources[0]?.timecode).toBe(6);
    }
    // Found in the introduction when the feed lists no one.
    expect(answerPersonQuestion("Priya Raman", overview({ guests: [] }))?.answer).toContain(
      "From the introduction: “My guest today is Priya Raman",
    );
  });

  it("answers for a host, and leaves anyone else to retrieval", () => {
    expect(answerPersonQuestion("Sam Ortiz", overview())?.answer).toBe("The host is Sam Ortiz.");
    expect(answerPersonQuestion("Elvis", overview())).toBeNull();
    expect(answerPersonQuestion("Priya Chen", overview())).toBeNull();
  });

  it("goes through answerFromOverview, loading the overview only when needed", async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return overview();
    };
    expect((await answerFromOverview("Who is Priya Raman?", load))?.answer).toContain(
      "The guest is Priya Raman",
    );
    expect(await answerFromOverview("Who invented the printing press?", load)).toBeNull();
    expect(loads).toBe(1);
  });
});

describe("a subject question with a setting", () => {
  it("is about the episode when the setting is where the whole conversation happens", async () => {
    const answer = await answerFromOverview("What did they talk about on Signal and Noise?", async () =>
      overview(),
    );
    expect(answer?.answer).toContain('This episode of Signal & Noise, "Who Makes the Chips?"');
  });

  it("is about the episode 'on the show' or 'on this week's episode'", async () => {
    for (const question of [
      "What do they discuss on the show?",
      "What did they talk about on this week's episode?",
    ])
      expect((await answerFromOverview(question, async () => overview()))?.answer).toContain(
        "This episode of",
      );
  });

  it("is left to retrieval when the setting is a part of the conversation", async () => {
    expect(
      await answerFromOverview("What did they talk about in the first half?", async () => overview()),
    ).toBeNull();
    expect(
      await answerFromOverview("What did they talk about in the lab?", async () => overview()),
    ).toBeNull();
    expect(
      await answerFromOverview("What did they talk about during the blockade section?", async () =>
        overview(),
      ),
    ).toBeNull();
  });
});

describe("the guest's background", () => {
  // Founders Talk #87 (CC BY-SA 4.0 Changelog Media): the welcome says nothing of the guest's past.
  const segments = [
    [0, "Adam Stacoviak", "Joe, welcome to Founders Talk."],
    [
      5,
      "Adam Stacoviak",
      "I'm a big fan of what you're doing at Titan, I'm a big fan of sticking it to the man.",
    ],
    [
      40,
      "Adam Stacoviak",
      "I mean, Titan - you were in the game at Goldman Sachs, long history, we'll go through it all.",
    ],
    [80, "Joe Percoco", "Thanks for having me, Adam."],
    [95, "Joe Percoco", "So Titan is an investment platform for everyone."],
  ].map(([start, speaker, text]) => ({
    start: Number(start),
    end: Number(start) + 5,
    speaker: String(speaker),
    text: String(text),
  }));
  const founders: EpisodeOverview = {
    title: "Founders Talk #87",
    podcastName: "Founders Talk",
    summary: "Joe Percoco on Titan.",
    insights: [],
    guests: [],
    hosts: [],
    topics: ["Titan"],
    transcriptSegments: segments,
  };

  it("plays and quotes the line that tells the guest's past", async () => {
    const answer = await answerFromOverview("What is the guest's background?", async () => founders);
    expect(answer?.sources[0]?.timecode).toBe(40);
    expect(answer?.answer).toContain("Goldman Sachs");
  });

  it("quotes the guest's own account when the host asks for their background (Practical AI #166)", async () => {
    const asked: EpisodeOverview = {
      ...founders,
      title: "Practical AI #166",
      transcriptSegments: [
        line(
          136,
          "So I would like to introduce Thomas Simonini. Have I got the last name correct, Thomas?",
          "Chris Benson",
        ),
        line(153, "That's correct.", "Thomas Simonini"),
        line(
          182,
          "If you would tell us a little bit about your background, how you arrived at where you are now.",
          "Chris Benson",
        ),
        line(
          247,
          "Sure. First things first, thanks for inviting me. It's a vast question.",
          "Thomas Simonini",
        ),
        line(
          251,
          "Initially, I have a bachelor degree of law and political sciences, and I was working in a startup incubator.",
          "Thomas Simonini",
        ),
        line(
          279,
          "After my bachelor degree I quit my studies and I started to self-study deep learning.",
          "Thomas Simonini",
        ),
      ],
    };
    const answer = await answerFromOverview("What's the guest's background?", async () => asked);
    expect(answer?.sources[0]?.timecode).toBe(251);
    expect(answer?.answer).toContain("law and political sciences");
    expect(answer?.answer).not.toContain("vast question");
  });

  it("hears 'an introduction of who you are' as asking for the guest's background (JS Party #141)", async () => {
    // CC BY-SA 4.0, Changelog Media (the bench's quiz-dev sample).
    const asked: EpisodeOverview = {
      ...founders,
      title: "JS Party #141",
      transcriptSegments: [
        line(57, "Stephanie Morillo!", "Divya"),
        line(
          62,
          "Stephanie, this is something we do with everyone, just to give a high-level introduction of who you are, what you do, any plugs that you wanna put as well...",
          "Divya",
        ),
        line(87, "Sure.", "Stephanie Morillo"),
        line(
          87.8,
          "So I'm Stephanie Morillo, I'm the author of The Developer's Guide to Content Creation, which is a book that teaches developers how to generate new ideas.",
          "Stephanie Morillo",
        ),
      ],
    };
    const answer = await answerFromOverview("What's the guest's background?", async () => asked);
    expect(answer?.answer).toContain("The Developer's Guide to Content Creation");
  });

  it("reads a guest's 'your journey' about the listener as no request for a story (Practical AI #152)", async () => {
    // CC BY-SA 4.0, Changelog Media (a probe of decision 080).
    const told: EpisodeOverview = {
      ...founders,
      title: "Practical AI #152",
      transcriptSegments: [
        line(
          81,
          "Well, we've got Tivadar Danka with us, who is an educator in the machine learning space.",
          "Daniel Whitenack",
        ),
        line(
          132,
          'So first of all, how did you start thinking about like "Hey, there\'s a need out there to help people along the pathway"?',
          "Daniel Whitenack",
        ),
        line(
          154,
          "So I'm a mathematician by training. All of my higher education in the mathematics field, like bachelor's, master's and Ph.D.",
          "Tivadar Danka",
        ),
        line(
          431,
          "And as you go on and on in your journey, you pick up pieces of mathematics here and there.",
          "Tivadar Danka",
        ),
        line(
          501,
          "So for me, as I kind of mentioned, this is a particularly fascinating thing, and I'm still very questionable in my mathematics.",
          "Chris Benson",
        ),
      ],
    };
    const answer = await answerFromOverview("What's the guest's background?", async () => told);
    expect(answer?.sources[0]?.timecode).toBe(154);
    expect(answer?.answer).toContain("mathematician by training");
  });

  it("quotes no host's past as the guest's background on a show without a guest", async () => {
    const hostsOnly: EpisodeOverview = {
      ...founders,
      transcriptSegments: [
        line(0, "It seems we always have a choice, and today we talk about that.", "Adam Stacoviak"),
        line(20, "I was a therapist before I started this show, and I still see clients.", "Mireille Reece"),
        line(40, "Choices stack up over a week, a month, a year.", "Adam Stacoviak"),
        line(60, "That is why small choices matter so much for how we feel.", "Mireille Reece"),
      ],
    };
    const answer = await answerFromOverview("What is the guest's background?", async () => hostsOnly);
    expect(answer?.answer).toContain("No guest is introduced");
    expect(answer?.answer).not.toContain("On their background");
  });

  it("keeps the introduction for 'Who is the guest?'", async () => {
    const answer = await answerFromOverview("Who is the guest?", async () => founders);
    expect(answer?.sources[0]?.timecode).not.toBe(40);
  });
});

describe("isPersonLabel", () => {
  it("tells a person's label from a jingle's, a break's, a clip's or a diarizer's", () => {
    for (const label of ["Mat Ryer", "Divya", "Mireille Reece, PsyD", "Kball"])
      expect(isPersonLabel(label)).toBe(true);
    for (const label of [
      "Jingle",
      "Break",
      "Promo",
      "Clip from JS Party",
      "SPEAKER_01",
      "Audience",
      "Sponsor",
    ])
      expect(isPersonLabel(label)).toBe(false);
  });
});

describe("a guest who speaks first and is introduced by nobody", () => {
  // Changelog & Friends #33's opening (CC BY-SA 4.0, Changelog Media): the guest asks the first question.
  const opening = [
    line(0, "How are you guys doing since we last talked?", "Nathan Sobo"),
    line(4, "I would say -- gosh, how long has it been?", "Adam Stacoviak"),
    line(8, "A year, roughly...", "Jerod Santo"),
    line(
      10,
      "One year. I would say this year is better than last year, in several ways...",
      "Adam Stacoviak",
    ),
    line(
      20,
      "Can I interrupt to ask a question about something that particularly piqued my interest?",
      "Nathan Sobo",
    ),
    line(30, "Yeah, I had never heard it before, so go ahead and ask.", "Jerod Santo"),
  ];
  const showSpeakers = [
    ["Jerod Santo", "Adam Stacoviak", "Gerhard Lazu"],
    ["Adam Stacoviak", "Jerod Santo", "Nick Nisi"],
  ];

  it("is the guest, and the hosts are those heard across the show's other episodes", async () => {
    const load = async () => overview({ guests: [], hosts: [], transcriptSegments: opening, showSpeakers });
    const guest = await answerFromOverview("Who is the guest?", load);
    expect(guest?.answer).toBe(
      "The guest is Nathan Sobo, talking with Adam Stacoviak and Jerod Santo, who are heard across the show's episodes.",
    );
    expect(guest?.sources.map((source) => source.timecode)).toEqual([0, 4, 8]);
    expect((await answerFromOverview("Who are the hosts?", load))?.answer).toBe(
      "The hosts are Adam Stacoviak and Jerod Santo, heard across the show's episodes.",
    );
  });

  it("asks for the show's voices only for a question about the people", async () => {
    const asked: boolean[] = [];
    const load = async ({ isAboutPeople }: { isAboutPeople: boolean }) => {
      asked.push(isAboutPeople);
      return overview({ guests: [], hosts: [], transcriptSegments: opening });
    };
    await answerFromOverview("Who is the guest?", load);
    await answerFromOverview("Who are the hosts?", load);
    await answerFromOverview("What is this episode about?", load);
    expect(asked).toEqual([true, true, false]);
  });

  it("claims neither without the show's other episodes", async () => {
    const load = async () => overview({ guests: [], hosts: [], transcriptSegments: opening });
    expect((await answerFromOverview("Who is the guest?", load))?.answer).toBe(
      "No guest is introduced in this episode's transcript: Nathan Sobo opens it and talks with Adam Stacoviak and Jerod Santo.",
    );
  });
});
