import { inArray } from "drizzle-orm";
import type { PostBlock } from "../../../domain/feed.ts";
import { estimateReadMinutes, slugify } from "../../../domain/feed.ts";
import type { PostType } from "../../../domain/post-types.ts";
import type { AppDeps } from "../../context.ts";
import { episodes } from "../../db/schema/catalog.ts";
import { postEpisodes, posts, postTopics, topics } from "../../db/schema/feed.ts";

/**
 * Four Deep Dives written from the demo catalog's transcripts (fixtures/demo/transcripts): every
 * quote is a line as spoken, and every time is that line's cue start in the WebVTT, in whole
 * seconds. Episodes are named by their feed guid and resolved to ids when seeding. Demo data only.
 */

type Quote = { guid: string; at: number; content: string };
type DemoSource = { guid: string; startTs: number; endTs: number; quote: string };
type DemoBlock = Exclude<PostBlock, { type: "quote" }> | ({ type: "quote" } & Quote);
type DemoPost = {
  slug: string;
  type: PostType;
  title: string;
  dek: string;
  heroImage: string;
  author: string;
  daysAgo: number;
  topics: string[];
  metaDescription: string;
  blocks: DemoBlock[];
  sources: DemoSource[];
};

const quote = (guid: string, at: number, content: string): DemoBlock => ({
  type: "quote",
  guid,
  at,
  content,
});

export const demoPosts: DemoPost[] = [
  {
    slug: "why-we-forget-and-how-to-keep-it",
    type: "explainer",
    title: "Why we forget what we hear, and the two habits that keep it",
    dek: "Ebbinghaus measured forgetting in 1885. Retrieval practice and spacing are still the best answers to his curve.",
    heroImage: "/demo/covers/compound-interest.svg",
    author: "Earmark Editors",
    daysAgo: 9,
    topics: ["Learning", "Memory"],
    metaDescription:
      "The forgetting curve explained from a Compound Interest conversation: why most forgetting happens early, and how retrieval practice and spaced reviews beat it.",
    blocks: [
      { type: "heading", content: "The curve" },
      {
        type: "paragraph",
        content:
          "Hermann Ebbinghaus was his own test subject. He memorised lists of nonsense syllables and measured how much effort it took to relearn them after different delays. The result is the forgetting curve: steep at first, then flattening out. After about twenty minutes he had lost around forty percent of his savings; after one day, about two thirds.",
      },
      quote("ci-101", 62, "Most forgetting happens early."),
      { type: "heading", content: "Habit one: test yourself" },
      {
        type: "paragraph",
        content:
          "In Roediger and Karpicke's 2006 study, students who reread a passage looked slightly better after five minutes, but after one week the group that practised recalling it remembered much more. Rereading feels productive precisely because it is fluent, and that fluency fools us.",
      },
      quote(
        "ci-101",
        72,
        "Pulling information out of memory strengthens it far more than putting it in again.",
      ),
      { type: "heading", content: "Habit two: space it out" },
      {
        type: "bullets",
        items: [
          "Reviews spread over time beat the same study crammed into one session.",
          "The best gaps grow: each successful review lets you wait longer before the next.",
          "SM-2, written by Piotr Wozniak in 1987, waits one day, then six, then multiplies each interval by an easiness factor that starts at 2.5.",
        ],
      },
      quote("ci-101", 101, "The struggle to recall is the work that builds memory."),
      { type: "cta", url: "/review", label: "Review what you have learned" },
    ],
    sources: [
      { guid: "ci-101", startTs: 49, endTs: 65, quote: "Steep at first, then flattening out." },
      {
        guid: "ci-101",
        startTs: 72,
        endTs: 104,
        quote: "Pulling information out of memory strengthens it far more than putting it in again.",
      },
      {
        guid: "ci-101",
        startTs: 107,
        endTs: 145,
        quote:
          "The spacing effect: reviews spread out over time beat the same amount of study crammed into one session.",
      },
    ],
  },
  {
    slug: "weekly-synthesis-fluent-is-not-true",
    type: "weekly",
    title: "Weekly Synthesis: fluent is not the same as true",
    dek: "A chatbot's confident answer and a student's easy reread fail the same way. This week's conversations on language models and memory meet in the middle.",
    heroImage: "/demo/covers/signal-and-noise.svg",
    author: "Earmark Editors",
    daysAgo: 2,
    topics: ["AI & Technology", "Learning"],
    metaDescription:
      "This week's Deep Dive synthesis: why language models hallucinate, why rereading fools students, and the habit that fixes both: check against a source.",
    blocks: [
      {
        type: "paragraph",
        content:
          "Two conversations this week, one about language models and one about memory, turned out to describe the same trap: something that sounds smooth is easy to mistake for something that is right.",
      },
      { type: "heading", content: "Machines: likely is not true" },
      {
        type: "paragraph",
        content:
          "On Signal & Noise, Tomas Lind explains that a large language model is trained to predict the next token. When it does not know an answer, it still produces the most plausible-sounding one.",
      },
      quote("sn-101", 66, "Likely and true overlap a lot, but they are not the same thing."),
      { type: "heading", content: "People: fluent is not learned" },
      {
        type: "paragraph",
        content:
          "On Compound Interest, Daniel Brooks makes the same point about students. Rereading feels productive because the words go down easily, but a week later the students who tested themselves remember far more.",
      },
      quote("ci-101", 98, "It feels fluent, and that fluency fools us."),
      { type: "heading", content: "The shared fix: go to the source" },
      {
        type: "bullets",
        items: [
          "Retrieval-augmented generation turns a closed-book exam into an open-book one: the model answers from passages you can check.",
          "Names, numbers, dates and quotations are where fabrications hide; check those first.",
          "For your own memory, the open book is the test: recall first, then check the answer.",
        ],
      },
      quote("sn-101", 118, "So the model goes from a closed-book exam to an open-book exam."),
    ],
    sources: [
      {
        guid: "sn-101",
        startTs: 66,
        endTs: 81,
        quote: "Likely and true overlap a lot, but they are not the same thing.",
      },
      {
        guid: "sn-101",
        startTs: 144,
        endTs: 155,
        quote: "Names, numbers, dates and quotations are where fabrications hide.",
      },
      { guid: "ci-101", startTs: 94, endTs: 104, quote: "It feels fluent, and that fluency fools us." },
    ],
  },
  {
    slug: "betray-or-cooperate-the-prisoners-dilemma",
    type: "debate",
    title: "Betray or cooperate? The prisoner's dilemma from RAND to the hotline",
    dek: "Game theory says a rational player betrays. The Cold War and Axelrod's tournaments say cooperation can still win. Both sides of the argument.",
    heroImage: "/demo/covers/the-long-view.svg",
    author: "Earmark Editors",
    daysAgo: 5,
    topics: ["Geopolitics", "Philosophy"],
    metaDescription:
      "An idea debate on the prisoner's dilemma: the case for betrayal, the arms race that followed its logic, and why tit for tat makes cooperation stable.",
    blocks: [
      { type: "heading", content: "The case for betrayal" },
      {
        type: "paragraph",
        content:
          "Two suspects, separate rooms. If both stay silent, each gets one year; if both betray, two; if one betrays, the betrayer walks free and the other gets three. Whatever the other does, betraying leaves you better off, so both betray, although mutual silence would have been better for each. That outcome is a Nash equilibrium.",
      },
      quote(
        "lv-103",
        43,
        "Whatever the other does, betraying leaves you better off: zero years instead of one, or two instead of three.",
      ),
      { type: "heading", content: "The Cold War played it for real" },
      {
        type: "paragraph",
        content:
          "The game was devised at the RAND Corporation in 1950, and an arms race has the same shape: each side builds because the other might. Nadia Karimi's point is that both sides end up poorer and no safer, and that the way out was communication and verification, from the 1963 hotline to treaty inspections.",
      },
      quote("lv-103", 88, "So both build, and both end up poorer and no safer."),
      { type: "heading", content: "The case for cooperation" },
      {
        type: "paragraph",
        content:
          "When the game is played again and again, the answer changes. In Robert Axelrod's computer tournaments around 1980, the simplest entry won: tit for tat, which cooperates first and then copies the other player's last move.",
      },
      quote("lv-103", 150, "Axelrod called it the shadow of the future."),
      { type: "heading", content: "Where we land" },
      {
        type: "bullets",
        items: [
          "In a single round, betrayal is each player's best choice: the logic is sound.",
          "Repetition changes the payoff: when you expect to meet again, cooperation can win.",
          "A good strategy is nice, retaliatory, forgiving and clear, so that others learn to trust it.",
        ],
      },
    ],
    sources: [
      {
        guid: "lv-103",
        startTs: 43,
        endTs: 55,
        quote:
          "Whatever the other does, betraying leaves you better off: zero years instead of one, or two instead of three.",
      },
      { guid: "lv-103", startTs: 78, endTs: 109, quote: "An arms race has the same shape." },
      {
        guid: "lv-103",
        startTs: 123,
        endTs: 153,
        quote: "The winner was the simplest entry, tit for tat, submitted by Anatol Rapoport.",
      },
    ],
  },
  {
    slug: "test-your-idea-in-days-not-years",
    type: "tactical",
    title: "Test your idea in days, not years: a small-bets playbook",
    dek: "Most new businesses fail for lack of a market, not a product. A step-by-step guide to finding out cheaply, from Zappos' photographs to Dropbox's video.",
    heroImage: "/demo/covers/compound-interest.svg",
    author: "Earmark Editors",
    daysAgo: 12,
    topics: ["Business", "Learning"],
    metaDescription:
      "A tactical guide to minimum viable products from a Compound Interest conversation: find your riskiest assumption and test it with real behaviour before you build.",
    blocks: [
      {
        type: "paragraph",
        content:
          "About one in five new businesses in the United States fails within two years, and founders of failed startups name one reason above the others: there was no real market need. The biggest risk is not building badly; it is building the wrong thing.",
      },
      quote("ci-102", 52, "Which means your first job is learning, not building."),
      { type: "heading", content: "Step 1: name your riskiest assumption" },
      {
        type: "paragraph",
        content:
          "A minimum viable product, a term coined by Frank Robinson and made popular by Eric Ries, is the smallest thing you can put in front of real customers to test that one assumption.",
      },
      {
        type: "premium-gate",
        content:
          "The rest of this guide, the three tests that produce real evidence, the Zappos and Dropbox playbooks and a one-week plan, is part of Earmark Plus.",
      },
      { type: "heading", content: "Step 2: measure behaviour, not opinions" },
      {
        type: "paragraph",
        content:
          "People are polite in interviews. Ask for something that costs them a little: a pre-order, a sign-up or a payment. Then run Ries's loop: build something small, measure how people actually behave, and learn whether to keep going or to pivot.",
      },
      quote("ci-102", 96, "A pre-order, a sign-up or a payment is real evidence."),
      { type: "heading", content: "Step 3: fake the back end" },
      {
        type: "bullets",
        items: [
          "Zappos, 1999: photograph shoes in local shops, put them online, and buy and ship a pair only when someone orders.",
          "Dropbox: a short demo video before the product worked; the waiting list reportedly jumped from about five thousand to seventy-five thousand overnight.",
          "Anything that tests the assumption counts, even a video.",
        ],
      },
      quote("ci-102", 143, "The point is to spend days, not years, finding out."),
    ],
    sources: [
      {
        guid: "ci-102",
        startTs: 35,
        endTs: 56,
        quote: "Which means your first job is learning, not building.",
      },
      {
        guid: "ci-102",
        startTs: 69,
        endTs: 90,
        quote:
          "A minimum viable product is the smallest thing you can put in front of real customers to test your riskiest assumption.",
      },
      {
        guid: "ci-102",
        startTs: 103,
        endTs: 147,
        quote: "The point is to spend days, not years, finding out.",
      },
    ],
  },
];

type Deps = Pick<AppDeps, "db">;

/**
 * Inserts the demo posts whose episodes exist and whose slug is free; a post already there is left
 * alone, so running it again (every start of a seeded database) changes nothing. Each post with its
 * topics and sources is one transaction. Returns how many were inserted.
 */
export async function seedDemoPosts(deps: Deps, now = new Date()): Promise<number> {
  const guids = [
    ...new Set(
      demoPosts.flatMap((post) => [
        ...post.sources.map((source) => source.guid),
        ...post.blocks.flatMap((block) => (block.type === "quote" ? [block.guid] : [])),
      ]),
    ),
  ];
  const found = await deps.db
    .select({ id: episodes.id, guid: episodes.guid })
    .from(episodes)
    .where(inArray(episodes.guid, guids));
  const idByGuid = new Map(found.map((row) => [row.guid, row.id]));
  let inserted = 0;
  for (const post of demoPosts) {
    const blocks: PostBlock[] = post.blocks.map((block) => {
      if (block.type !== "quote") return block;
      const episodeId = idByGuid.get(block.guid);
      return {
        type: "quote",
        content: block.content,
        ...(episodeId ? { episodeId, timestamp: block.at } : {}),
      };
    });
    const sources = post.sources.flatMap((source, position) => {
      const episodeId = idByGuid.get(source.guid);
      return episodeId
        ? [{ episodeId, startTs: source.startTs, endTs: source.endTs, quote: source.quote, position }]
        : [];
    });
    if (!sources.length) continue;
    const isNew = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({
          slug: post.slug,
          type: post.type,
          title: post.title,
          dek: post.dek,
          heroImage: post.heroImage,
          author: post.author,
          readTimeMinutes: estimateReadMinutes(blocks, post.dek),
          publishedAt: new Date(now.getTime() - post.daysAgo * 86_400_000),
          metaTitle: `${post.title} | Earmark Deep Dives`,
          metaDescription: post.metaDescription,
          blocks,
        })
        .onConflictDoNothing({ target: posts.slug })
        .returning({ id: posts.id });
      if (!row) return false;
      await tx
        .insert(topics)
        .values(post.topics.map((title) => ({ slug: slugify(title), title })))
        .onConflictDoNothing({ target: topics.slug });
      const topicRows = await tx
        .select({ id: topics.id })
        .from(topics)
        .where(inArray(topics.slug, post.topics.map(slugify)));
      await tx.insert(postTopics).values(topicRows.map((topic) => ({ postId: row.id, topicId: topic.id })));
      await tx.insert(postEpisodes).values(sources.map((source) => ({ ...source, postId: row.id })));
      return true;
    });
    if (isNew) inserted += 1;
  }
  return inserted;
}
