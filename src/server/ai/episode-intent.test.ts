import { describe, expect, it } from "vitest";
import {
  answerEpisodeIntent,
  detectEpisodeIntent,
  type EpisodeOverview,
  firstMention,
  guestsFromTranscript,
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
    "How much does an index fund cost?",
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
});
