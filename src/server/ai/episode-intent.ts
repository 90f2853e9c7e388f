import { normalizeTitle } from "../../domain/episode-dedupe.ts";
import { formatTime } from "../../domain/time.ts";
import { lemmaStem } from "./offline/lexicon.ts";
import { nameVariants } from "./offline/nicknames.ts";
import { tagWithLemmas } from "./offline/nlp.ts";
import { isHousekeeping } from "./offline/sentence-quality.ts";
import { escapeRegExp, tokenize } from "./offline/text.ts";
import type { Answer, TimedSegment } from "./provider.ts";

/**
 * Questions about the episode itself ("What is this episode about?", "Who is the guest?", "What are
 * the main takeaways?") have no answer in any one passage of the transcript: retrieval finds the
 * words "episode" or "guest" nowhere useful. They are recognised here and answered from what the
 * learning pipeline already knows about the episode — its summary, key insights and people — with
 * the moments those come from as sources.
 */

export type EpisodeIntent = "subject" | "summary" | "takeaways" | "guest" | "host";

/** What an episode-level answer is drawn from (the episode page shows the same). */
export type EpisodeOverview = {
  title: string;
  podcastName: string | null;
  summary: string | null;
  insights: { keyPoint: string; timecode: number | null }[];
  guests: { name: string; bio: string | null }[];
  hosts: { name: string; bio: string | null }[];
  /** The episode's topics (key phrases), to find where the conversation introduces its subject. */
  topics: string[];
  transcriptSegments: TimedSegment[] | null;
  /** The speakers of each of the show's other episodes (`hostsByShow`), when known. */
  showSpeakers?: string[][];
};

const EPISODE = "(?:episode|podcast|show|conversation|talk|interview|discussion|recording|chat|it|this)";
const SPEAKERS = "(?:they|you|the hosts?|the guests?|the speakers?|he|she|we)";

/** Each intent's phrasings; matched against the whole question, so "…about inflation?" is a fact question. */
const PATTERNS: [EpisodeIntent, RegExp][] = [
  [
    "subject",
    new RegExp(
      [
        `^(?:so |and |ok(?:ay)?,? )?what(?:'s| is| was)? (?:this|the|that)?\\s*${EPISODE}\\s*(?:episode )?(?:all |mainly |mostly |really )?about$`,
        `^what (?:topics?|subjects?|themes?|issues?) (?:is|are|was|were|does|did) (?:this|the) ${EPISODE} (?:about|cover|discuss|deal with|address)$`,
        `^what(?:'s| is| was) the (?:main |central |overall )?(?:topic|subject|theme|focus) (?:of|in) (?:this|the) ${EPISODE}$`,
        `^what (?:do|does|did) ${SPEAKERS} (?:talk|speak|chat) about(?: (?:here|in (?:this|the) ${EPISODE}))?$`,
        `^what (?:is|are|was|were) ${SPEAKERS} (?:talking|speaking|chatting) about$`,
        `^what (?:do|does|did) (?:this|the) ${EPISODE} (?:cover|discuss|deal with|explore)$`,
        "^what(?:'s| is) (?:it|this|that) about$",
        `^what(?:'s| is| was) (?:this|the) (?:podcast |show )?${EPISODE} on$`,
        "^what (?:kind|sort|type) of (?:show|podcast) is (?:this|it)$|^what is this (?:podcast|show)$",
      ].join("|"),
    ),
  ],
  [
    "summary",
    /^(?:can you |could you |please )?(?:give me |write )?(?:a |an )?(?:summari[sz]e|summary|sum up|recap|tl;? ?dr|overview|short version|gist)(?: of)?(?: (?:this|the|that) (?:episode|podcast|show|conversation|interview))?(?: (?:for me|please|in a few (?:sentences|words)))?$|^(?:in a nutshell|in short|in brief)$|^what(?:'s| is) the (?:gist|tl;? ?dr|short version)(?: of (?:this|the) episode)?$/,
  ],
  [
    "takeaways",
    new RegExp(
      [
        `^(?:what (?:are|were|is|was) |give me |list |tell me )?(?:the |some |a few )?(?:main |key |top |biggest |most important |important |big )?(?:takeaways?|lessons?(?: learned)?|points?|insights?|learnings?|ideas?|messages?|arguments?|claims?|conclusions?)(?: (?:of|from|in) (?:this|the) ${EPISODE})?$`,
        `^what(?:'s| is| was) the (?:main |central |core |key )?(?:argument|point|thesis|message|claim|idea|conclusion)(?: (?:of|in) (?:this|the) ${EPISODE})?$`,
        `^what should i (?:learn|remember|take away) (?:from|about) (?:this|the|it)(?: ${EPISODE})?$`,
        `^if i (?:only )?(?:remember|take away|keep|learn) (?:just |only )?one thing(?: from (?:this|the|it)(?: ${EPISODE})?)?,? what (?:should|would|is|could) (?:it|that) be$`,
        `^what(?:'s| is) the one thing (?:i|to) (?:should )?(?:remember|take away)(?: from (?:this|the|it)(?: ${EPISODE})?)?$`,
        `^what (?:did|do|can|will|should) (?:i|we|you) (?:learn|take away)(?: from (?:this|the|it)(?: ${EPISODE})?)?$`,
      ].join("|"),
    ),
  ],
  [
    "guest",
    new RegExp(
      [
        `^who(?:'s| is| was| are| were) (?:the |today's |this week's |our |your )?(?:guests?|interviewees?|speakers?|experts?|people (?:on|in) (?:this|the) ${EPISODE})(?: (?:on|in|of) (?:this|the|today's) ${EPISODE})?(?: today)?$`,
        `^who (?:is|are|was|were) (?:they|you|the host|the hosts) (?:talking|speaking|chatting) (?:to|with)$`,
        `^who (?:is|are|was|were) (?:being )?interviewed$`,
        `^who (?:is|are|was|were) (?:on|in) (?:this|the) ${EPISODE}$`,
        "^who (?:is|are) speaking$",
        // "Who is the guest and what does she do?": the guest's introduction answers both.
        `^who(?:'s| is| are) (?:the |today's |our )?guests? and what (?:does|do|did) (?:he|she|they) do$`,
      ].join("|"),
    ),
  ],
  [
    "host",
    new RegExp(
      `^who(?:'s| is| was| are| were) (?:the |your )?(?:hosts?|presenters?|interviewers?|moderators?)(?: (?:of|on|in) (?:this|the) ${EPISODE})?$|^who (?:hosts|presents|runs) (?:this|the) ${EPISODE}$`,
    ),
  ],
];

/** Lower case, straight quotes, no trailing punctuation or filler such as "please". */
function normalise(question: string): string {
  return (
    question
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .replace(/\s+/g, " ")
      .trim()
      .replace(
        /^(?:hey|hi|so|ok|okay|quick question|briefly|roughly|in short|in brief|in a nutshell|in a few words|in one sentence)[,:]?\s+/,
        "",
      )
      // "I don't have time to listen, what's it about?": the lead-in says why, the rest asks.
      .replace(/^i (?:don't|do not|didn't|did not) have (?:the )?time to listen[^,]*,\s*/, "")
      .replace(/[\s?.!]+$/, "")
      .replace(/,?\s*(?:please|again)$/, "")
      // A trailing "in a nutshell" is filler; on its own it asks for the summary.
      .replace(
        /(.),?\s*(?:in a nutshell|in short|in brief|briefly|roughly|in one sentence|in a few words|in a sentence|in simple terms|in plain english|in simple words|in (?:a couple of|a few|two|three) (?:sentences|words|lines))$/,
        "$1",
      )
      .replace(/\s+(?:exactly|actually|basically|really)$/, "")
  );
}

/**
 * Words a question about the episode as a whole is made of: question and function words, the
 * episode and its people, and what a listener asks of them. A question with any other word ("What
 * advice does she give about sleep?") asks about something said in it.
 */
const EPISODE_LEVEL_WORDS = new Set(
  `what what's whats who who's how is are was were be being been the a an this that these those it its it's
of in on from for to with about and or so me i my you your we our us they them their he she him her his do
does did can could would will should give gave tell say said please some any all there here today today's
this week's main key big biggest most more important overall central core top quick brief short one thing
things really basically mostly mainly whole just again make makes made get got have has had up away down
summary summarise summarize summarised summarized sum recap gist overview nutshell tldr tl;dr highlights
highlight episode episodes podcast show conversation interview discussion talk talks talking discussing
discussed discuss cover covers covered covering chat chatting speak speaking spoken guest guests host hosts
interviewee interviewing interviewed interviewer speaker speakers people person takeaway takeaways take
hosting hosted presenter presenters presenting moderator moderating
lesson lessons learn learned learnt advice recommend recommends recommendation recommendations conclusion
conclusions conclude concludes message messages point points argument arguments argue argues idea ideas
bottom line moral story remember background living known job topic topics subject subjects theme themes
focus gets discussed going on should miss missed end closing final last parting wrap at whom expert experts
purpose goal aim problem problems tackle tackles address addresses arguing briefly words
sentences sentence two three four five few several explore explores explored exploring dig digs into
issue issues question questions try tries answer happen happens happened break practical tip tips come
comes out listener listeners join joins joined feature featured features expertise ask asks asking
asked which rundown run-down breakdown walkthrough walk want wants name names called reach reached draw
why listen listening worth debate debates debating debated ground premise actionable describe
describes described context kind sort type voice voices woman man trying solve solving time don't dont
explain explains simple simply terms plain layman matter matters area field start started career
interesting part parts moment moments bits best profession occupation introduce piece beginner beginners
newcomer by`.split(/\s+/),
);

const HOST_CUE =
  /\b(?:hosts?|hosting|hosted|interviewer|presenters?|presenting|moderat(?:or|ors|ing))\b|\basking the questions\b/;

/** Cue words of each intent, tried in this order when a question is made of episode-level words only. */
const INTENT_CUES: [EpisodeIntent, RegExp][] = [
  ["host", HOST_CUE],
  [
    "guest",
    /\b(?:guests?|interviewee|interviewing|interviewed|interview|background|living|known|experts?|expertise|featured|joins?|profession|occupation|introduce)\b|^who(?:'s| is| are| was) (?:she|he|they|talking|speaking)$|^who(?:'s| is| are| was| were) (?:speaking|talking|on)\b|^whom?\b.*\btalk(?:ing)? (?:to|with)$/,
  ],
  [
    "summary",
    /\b(?:summary|summari[sz]e[sd]?|sum|recap|gist|overview|nutshell|tl;?dr|highlights?|(?:interesting|best) (?:parts?|moments?|bits)|brief(?:ly)?|happen(?:s|ed)?|break it down|rundown|run-down|breakdown|walkthrough|describe[sd]?|explain(?:s)?)\b|\bwhy should i listen\b|\bworth (?:listening|it|my time|the time|a listen)\b|\bwhy (?:does|do|would|should) (?:this|it) (?:episode |podcast |show |conversation )?matters?\b/,
  ],
  [
    "takeaways",
    /\b(?:takeaways?|take away|lessons?|learn(?:ed|t)?|advice|recommend\w*|conclu\w+|messages?|points?|arguments?|argues?|bottom line|moral|remember|ideas?|closing|final|parting|tips?|actionable|walk away|take from)\b/,
  ],
  [
    "subject",
    /\b(?:about|topics?|subjects?|themes?|focus|discuss\w*|cover\w*|talk\w*|chat\w*|going on|purpose|goal|aim|problems?|tackles?|address(?:es)?|explor\w+|dig|issues?|questions?|debat\w*|ground|premise|context|story)\b/,
  ],
];

/**
 * The intent of a question made of episode-level words only ("What are they discussing?", "What's
 * her main advice?", "Who are they interviewing?"), from its cue words; null otherwise.
 */
function intentFromWords(text: string): EpisodeIntent | null {
  const words = text
    .split(/[^\p{L}\p{N};'-]+/u)
    .filter(Boolean)
    .map((word) => word.replace(/'s$/, ""));
  if (words.length < 2 || words.some((word) => !EPISODE_LEVEL_WORDS.has(word))) return null;
  // "Who …" asks for people: the hosts when it names them (not "who joins the host"), else who is
  // talking, the guests (or the hosts of a show without one). Otherwise a summary, takeaway or
  // subject cue wins over the people named ("the guest's main argument", "What are the hosts
  // discussing?").
  const isWho = text.startsWith("who");
  if (isWho) {
    const isWithHost = /\b(?:joins?|joined|with|to|alongside) (?:the )?hosts?\b/.test(text);
    return !isWithHost && HOST_CUE.test(text) ? "host" : "guest";
  }
  // "Tell me about the guest": the people are what it is about.
  const aboutPeople =
    /\babout (?:the |our |today's |this )?(?:(guests?|interviewees?|experts?)|(hosts?|presenters?))$/.exec(
      text,
    );
  if (aboutPeople) return aboutPeople[1] ? "guest" : "host";
  const people = new Set<EpisodeIntent>(["host", "guest"]);
  const cues = [
    ...INTENT_CUES.filter(([intent]) => !people.has(intent)),
    ...INTENT_CUES.filter(([intent]) => people.has(intent)),
  ];
  for (const [intent, cue] of cues) if (cue.test(text)) return intent;
  return null;
}

/**
 * "What does Mireille want listeners to walk away with?", "What's Lauren's main advice?": a speaker
 * named where "she" would do asks the same as "What does she want listeners to walk away with?". Only
 * for takeaways: "Who is Mireille?" or "Tell me about Joe" ask about the person, which the transcript
 * answers.
 */
function takeawaysOfNamedSpeaker(question: string, text: string): EpisodeIntent | null {
  const words = question.split(/\s+/).map((word) => word.replace(/(?:'s|’s)?[^\p{L}]*$/u, ""));
  const at = words
    .map((word, index) => (index > 0 && /^\p{Lu}\p{Ll}+$/u.test(word) ? index : -1))
    .filter((index) => index >= 0);
  // One person, named once ("Mireille", "Lauren Tan"): "What did Adam learn from Netflix?" names two things.
  if (!at.length || at.some((index, k) => k > 0 && index !== (at[k - 1] ?? 0) + 1)) return null;
  const names = at.map((index) => (words[index] ?? "").toLowerCase());
  const asked = text.replace(new RegExp(`\\b(?:${names.join("|")})(?:'s)?\\b`, "g"), "her");
  return asked !== text && intentFromWords(asked) === "takeaways" ? "takeaways" : null;
}

/** The episode-level intent of a question, or null for a question about something said in it. */
export function detectEpisodeIntent(question: string): EpisodeIntent | null {
  const text = normalise(question);
  const intent =
    text && text.length <= 120 ? (intentOfText(text) ?? takeawaysOfNamedSpeaker(question, text)) : null;
  if (intent) return intent;
  // "I'm torn about my career. Why would this episode be worth my time?": the last sentence asks,
  // however long the lead-in.
  const asked = /[.!?]\s+([^.!?]+[?.!]?)\s*$/.exec(question.trim())?.[1];
  return asked && asked.length < question.trim().length ? detectEpisodeIntent(asked) : null;
}

/** The intent of one normalised question, or null. */
function intentOfText(text: string): EpisodeIntent | null {
  for (const [intent, pattern] of PATTERNS) if (pattern.test(text)) return intent;
  // "Who is this episode for?": who would want it, which the summary lets the listener judge.
  if (
    /^who(?:'s| is) (?:this|it|the (?:episode|podcast|show))(?: episode| podcast| show)? (?:for|aimed at|meant for)$|^who (?:should|would|might) (?:listen to|enjoy|benefit from|like) (?:this|it|the (?:episode|podcast|show))(?: episode| podcast| show)?$/.test(
      text,
    )
  )
    return "summary";
  // "What does the guest do (for a living)?": the introduction says.
  if (/^what (?:does|did) (?:the guest|she|he) do(?: for (?:a )?(?:living|work))?$/.test(text))
    return "guest";
  return intentFromWords(text);
}

/** The first sentences of a text, up to about `limit` characters (whole sentences only). */
function leadSentences(text: string, limit: number): string {
  // A sentence ends where its mark is followed by a space: "Ship It!, Justin…" is one sentence.
  const sentences = text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?]["”’)]?) /);
  let lead = "";
  for (const sentence of sentences) {
    const next = `${lead} ${sentence.trim()}`.trim();
    if (lead && next.length > limit) break;
    lead = next;
  }
  return lead;
}

/** Where a person is first named in the transcript (their introduction), by full or last name. */
export function firstMention(segments: TimedSegment[] | null, name: string): number | null {
  if (!segments?.length) return null;
  const parts = name.trim().split(/\s+/);
  const last = parts.at(-1) ?? "";
  const patterns = [new RegExp(`\\b${escapeRegExp(name.trim())}\\b`, "i")];
  // "Michael Lewis" in the feed's people is "Mike Lewis" in the introduction, and back.
  const [first, ...rest] = parts;
  if (first && rest.length)
    for (const variant of nameVariants(first))
      patterns.push(new RegExp(`\\b${escapeRegExp([variant, ...rest].join(" "))}\\b`, "i"));
  if (parts.length > 1 && last.length >= 3) patterns.push(new RegExp(`\\b${escapeRegExp(last)}\\b`, "i"));
  for (const pattern of patterns) {
    const found = segments.find((segment) => pattern.test(segment.text));
    if (found) return Math.floor(found.start);
  }
  return null;
}

/** Where the introduction of an episode ends, for finding how it presents its subject and guests. */
function introEnd(segments: TimedSegment[]): number {
  const last = segments.at(-1)?.end ?? 0;
  return Math.max(600, last * 0.15);
}

const NAME = String.raw`(\p{Lu}[\p{L}'’-]+(?:\s+(?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)){1,2})`;
/** Letters of a phrase in either case (the name after it must keep its capitals, so no "i" flag). */
const anyCase = (phrase: string) =>
  phrase.replace(/\p{L}/gu, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);
const oneOf = (...phrases: string[]) => `(?:${phrases.map(anyCase).join("|")})`;
/** How hosts introduce a guest: "my guest today is …", "let me introduce …", "I'm joined by …". */
const GUEST_INTRODUCTIONS = [
  `\\b${oneOf("my", "our")} (?:${oneOf("special", "first", "next")} )?${oneOf("guest", "guests")} (?:${oneOf("today", "this week", "on the show", "for this episode", "here")} )?(?:${oneOf("is", "are")}|,)\\s+(?:the )?${NAME}`,
  `\\b${oneOf("introduce")} (?:${oneOf("to you all", "to you", "you to")} )?(?:${oneOf("my guest", "our guest")} )?${NAME}`,
  `\\b${oneOf("joining me", "joining us", "joined", "here with", "with me", "with us", "talking with", "talking to", "speaking with", "sat down with")}(?: ${oneOf("today", "this week", "here", "now")})?(?: ${oneOf("by", "is", "are")})?,?\\s+${NAME}`,
  `\\b${oneOf("please welcome", "welcome to the show", "welcome back to the show")},?\\s+${NAME}`,
  // "Today we've got Tuhin Srivastava with us", "On today's show we have Chris Swan from…".
  `\\b${oneOf("today", "this week", "on today's show", "on the show today", "on this episode")},? ${oneOf("we've got", "we have", "we've", "I've got", "I have")}\\s+${NAME}`,
].map((pattern) => new RegExp(pattern, "u"));

/**
 * Names compared lower-case, without accents or punctuation: the transcript's "Daniel Marti." is the
 * label's "Daniel Martí".
 */
const foldName = normalizeTitle;

/** The first labelled voice that is a person's: a cold open may be a jingle or a clip. */
const openingVoice = (segments: TimedSegment[]) =>
  segments.find((segment) => segment.speaker && isPersonLabel(segment.speaker))?.speaker;

/**
 * Guests named in the episode's introduction, for feeds that list no people: the first names a host
 * introduces with the usual phrasings. When the transcript labels its speakers, a name must also
 * speak (so "our guest is the Apollo programme" does not make a guest of a topic).
 */
export function guestsFromTranscript(segments: TimedSegment[] | null): { name: string; at: number }[] {
  if (!segments?.length) return [];
  const end = introEnd(segments);
  const speakers = [
    ...new Set(segments.flatMap((segment) => (segment.speaker ? [foldName(segment.speaker)] : []))),
  ];
  const speaks = (name: string) => {
    const last = foldName(name).split(/\s+/).at(-1) ?? "";
    return !speakers.length || speakers.some((speaker) => speaker.includes(last));
  };
  const found: { name: string; at: number }[] = [];
  for (const segment of segments) {
    if (segment.start > end || found.length >= 3) break;
    for (const pattern of GUEST_INTRODUCTIONS) {
      const name = pattern
        .exec(segment.text)?.[1]
        ?.replace(/[’']s$/, "")
        .trim();
      if (!name || !speaks(name) || found.some((guest) => guest.name === name)) continue;
      found.push({ name, at: Math.floor(segment.start) });
    }
  }
  // A panel show's "Joining me today, Johnny" names a regular; "we do have a great guest today…
  // Daniel Marti" names the guest. When the introduction calls someone the guest, that is who it is.
  const called = guestsCalledGuests(segments, end).map((guest) => {
    // Their moment stays their first introduction ("we're joined today by Andrei Matei").
    const earlier = found.find((other) => foldName(other.name) === foldName(guest.name));
    return earlier && earlier.at < guest.at ? { ...guest, at: earlier.at } : guest;
  });
  if (called.length) return called.slice(0, 3);
  return found.length ? found : guestsFromSpeakers(segments);
}

/**
 * Speakers whom an introduction line calls a guest and names in full ("…a great guest today… You've
 * probably seen his name around — Daniel Marti."), in the order they are named.
 */
function guestsCalledGuests(segments: TimedSegment[], end: number): { name: string; at: number }[] {
  const opener = openingVoice(segments);
  const candidates = mainSpeakers(segments)
    .map((speaker) => speaker.name)
    .filter((name) => !opener || name !== labelName(opener));
  const found: { name: string; at: number }[] = [];
  for (const segment of segments) {
    if (segment.start > end) break;
    if (!/\bguests?\b/i.test(segment.text) || NAMES_A_COHOST.test(segment.text)) continue;
    // Whole words: "Daniel Marti" is not named in "Daniel Martinez".
    const text = ` ${foldName(segment.text)} `;
    for (const name of candidates)
      if (!found.some((guest) => guest.name === name) && text.includes(` ${foldName(name)} `))
        found.push({ name, at: Math.floor(segment.start) });
  }
  return found;
}

/** A speaker label's name: "Mireille Reece, PsyD" → "Mireille Reece". */
export const labelName = (label: string) => label.split(",")[0]?.trim() ?? "";

/**
 * Labels transcripts give to what is not a person: a break, the jingle, a promo or a clip, the
 * audience, a diarizer's "SPEAKER_01".
 */
const NOT_A_PERSON =
  /^(?:break|jingle|promo|sponsors?|ads?|advert(?:isement)?|commercial|music|theme|intro|outro|bumper|cold open|trailer|announcer|voice-?over|narration|clips?(?: from\b.*)?|sound ?bites?|audio|video|crowd|audience|all|both|everyone|everybody|multiple(?: speakers)?|unknown(?: speaker)?|crosstalk|(?:speaker|spk)[\s_-]*\d+)$/i;

/** Whether a speaker label names a person. */
export function isPersonLabel(label: string): boolean {
  const name = labelName(label);
  return name.length > 0 && !NOT_A_PERSON.test(name);
}

/** Whether a text names a person in full, their first name in any of its forms ("Mike Lewis" for "Michael Lewis"). */
function namesInFull(text: string, name: string): boolean {
  const [first, ...rest] = name.split(/\s+/);
  if (!first || !rest.length) return false;
  const lower = text.toLowerCase();
  return [first, ...nameVariants(first)].some((form) =>
    lower.includes([form, ...rest].join(" ").toLowerCase()),
  );
}

/** "my co-host", "with me as always is…": the person named is a regular, not a guest. */
const NAMES_A_COHOST = /\bco-?hosts?\b|\bas (?:always|usual|ever)\b/i;

/**
 * Guests from the speaker labels when the introduction uses no known phrasing ("I'm privileged to have
 * … one of my good friends, Mike Lewis"): a labelled speaker, not the one who opens the show, whom
 * the opener names in full in the first two minutes, not as a co-host, and who speaks at least a
 * tenth of the words. Co-hosts are called by their first name or "my co-host"; guests get their full
 * name.
 */
function guestsFromSpeakers(segments: TimedSegment[]): { name: string; at: number }[] {
  const opener = openingVoice(segments);
  if (!opener) return [];
  const intro = segments.filter((segment) => segment.start <= 120 && segment.speaker === opener);
  const candidates = mainSpeakers(segments)
    .map((speaker) => speaker.name)
    .filter((name) => name !== labelName(opener));
  const introducedBy = (says: (name: string) => (text: string) => boolean) =>
    candidates.flatMap((name) => {
      const isSaid = says(name);
      const line = intro.find((segment) => isSaid(segment.text) && !NAMES_A_COHOST.test(segment.text));
      return line ? [{ name, at: Math.floor(line.start) }] : [];
    });
  const inFull = introducedBy((name) => (text) => namesInFull(text, name));
  if (inFull.length) return inFull.slice(0, 3);
  // Interview shows that open straight on the guest ("Joe, welcome to Founders Talk."): the opener
  // welcomes a labelled speaker by first name. A co-host is not welcomed to their own show.
  const welcomed = introducedBy((name) => {
    const first = name.split(/\s+/)[0] ?? "";
    const welcome = welcomePattern(first);
    return (text) => first.length >= 2 && welcome.test(text);
  });
  return (welcomed.length ? welcomed : guestsWhoThankTheHosts(segments, opener)).slice(0, 3);
}

/** A guest's reply to the welcome: "Thanks so much for having me.", "Thank you for having us on." */
const THANKS_FOR_HAVING = /\bfor having (?:me|us)\b/i;

/**
 * Guests who answer the opening with "thanks for having me": of 2,084 Changelog transcripts, 922
 * introduce no guest in the usual phrasings; in 73 of them another voice says it in the first three
 * minutes, and each of those 73 voices was a guest.
 * Their moment is the opener's line they answer ("Lauren, thanks for coming on the show."), when it is
 * just before.
 */
function guestsWhoThankTheHosts(segments: TimedSegment[], opener: string): { name: string; at: number }[] {
  const found: { name: string; at: number }[] = [];
  const openerLines: TimedSegment[] = [];
  for (const segment of segments) {
    if (segment.start > 180) break;
    if (!segment.speaker || !isPersonLabel(segment.speaker)) continue;
    if (segment.speaker === opener) {
      openerLines.push(segment);
      continue;
    }
    const name = labelName(segment.speaker);
    if (!THANKS_FOR_HAVING.test(segment.text) || found.some((guest) => guest.name === name)) continue;
    // The opener's lines of the last minute, the one that calls the guest by first name first.
    const recent = openerLines.filter((line) => segment.start - line.start <= 60);
    const first = new RegExp(`\\b${escapeRegExp(name.split(/\s+/)[0] ?? "")}\\b`, "u");
    const greeting = recent.find((line) => first.test(line.text)) ?? recent.at(-1) ?? segment;
    found.push({ name, at: Math.floor(greeting.start) });
  }
  return found;
}

/** A line that only greets: "Lauren, thanks for coming on the show.", "Joe, welcome to Founders Talk." */
const GREETING_ONLY = /\b(?:thanks?|thank you)\b.*\bfor (?:coming|joining|being|having)\b|\bwelcome\b/i;

/**
 * When the guest's moment is only a welcome and the guest answers with thanks, the host's next line
 * ("So we have an interesting conversation, because you're going through a transition…") is where
 * the subject is framed: the conversation's own opening, within a minute of the guest's thanks.
 */
function framingAfterWelcome(segments: TimedSegment[], welcome: TimedSegment): TimedSegment | null {
  if (!welcome.speaker || !GREETING_ONLY.test(welcome.text)) return null;
  const after = segments.slice(segments.indexOf(welcome) + 1);
  const reply = after.find((segment) => segment.speaker && segment.speaker !== welcome.speaker);
  if (!reply || reply.start > welcome.start + 60 || !PLEASANTRY.test(reply.text)) return null;
  const framing = after.find(
    (segment) =>
      segment.start > reply.start &&
      segment.speaker === welcome.speaker &&
      !GREETING_ONLY.test(segment.text) &&
      isSubstantive(segment),
  );
  return framing && framing.start <= reply.start + 60 ? framing : null;
}

/** "Joe, welcome to …", "Welcome to the show, Joe", "Welcome, Joe": a guest greeted by first name. */
function welcomePattern(first: string): RegExp {
  const forms = [first, ...nameVariants(first)].map(escapeRegExp);
  const names = `(?:${forms.join("|")})`;
  return new RegExp(
    `\\b${names},?\\s+(?:and\\s+)?welcome(?: back)? to\\b|\\bwelcome(?: back)?(?: to (?:the show|the podcast|[A-Z][\\w'’ ]{2,40}?))?,?\\s+${names}\\b`,
    "iu",
  );
}

/**
 * Hosts for feeds that list none: the speaker who opens the show (when the transcript labels
 * speakers) or the name the opening lines introduce themselves by ("This is Daniel Whitenack",
 * "I'm …", "my name is …"), sourced where they say it, else at the opening.
 */
export function hostsFromTranscript(
  segments: TimedSegment[] | null,
  /** The guests found in the same transcript, when the caller has them already. */
  guests?: { name: string }[],
): { name: string; at: number }[] {
  return transcriptHosts(segments, guests).hosts;
}

/**
 * `hostsFromTranscript`, and whether they are known to be the hosts (a self-introduction with any
 * co-host it names, or the voices left once a guest is found) or are only the voices that take turns
 * with no introduction.
 */
function transcriptHosts(
  segments: TimedSegment[] | null,
  guests?: { name: string }[],
): { hosts: { name: string; at: number }[]; isKnown: boolean } {
  const none = { hosts: [], isKnown: false };
  // The first voice that is a person's: a cold open may be a jingle or a clip.
  const opening =
    segments?.filter(
      (segment) => segment.start <= 60 && (!segment.speaker || isPersonLabel(segment.speaker)),
    ) ?? [];
  const first = opening[0];
  if (!first) return none;
  // "This is Daniel Whitenack", "I'm your host, Kris Brandow".
  const selfIntroduction = new RegExp(
    `\\b(?:${oneOf("this is", "i'm", "i am", "my name is", "here is", "here's")})\\s+(?:${oneOf("your host", "your co-host", "your host today", "your host for today")},?\\s+)?${NAME}`,
    "u",
  );
  const opener = first.speaker ? labelName(first.speaker) : null;
  for (const segment of opening) {
    if (opener && segment.speaker && labelName(segment.speaker) !== opener) continue;
    const name = selfIntroduction.exec(segment.text)?.[1]?.trim();
    if (name && (!opener || namesInFull(segment.text, opener) || name === opener))
      return {
        hosts: [{ name, at: Math.floor(segment.start) }, ...coHostsNamed(segments ?? [], opener ?? name)],
        isKnown: true,
      };
  }
  if (!opener || opener.split(/\s+/).length < 2) return none;
  const all = segments ?? [];
  const found = guests ?? guestsFromTranscript(all);
  const others = mainSpeakers(all).filter((speaker) => speaker.name !== opener);
  const openerHost = { name: opener, at: Math.floor(first.start) };
  // A guest is found (introduced, or thanking the hosts for having them): the other main voices are
  // the opener's co-hosts, as on The Changelog's two-host interviews.
  if (found.length) {
    const isGuest = (name: string) => found.some((guest) => isCalled(guest.name, name));
    // A guest may speak first ("What are we talking about?" opens Changelog & Friends #45).
    const hosts = [openerHost, ...others].filter((person) => !isGuest(person.name));
    return { hosts: hosts.slice(0, 3), isKnown: hosts.length > 0 };
  }
  // No guest, and others speak as much as the opener: a conversation between hosts (Brain Science
  // opens mid-thought, the two hosts taking turns), or a guest whose introduction the transcript
  // lacks. Each may be a host; the answers say only that.
  return { hosts: [openerHost, ...others].slice(0, 3), isKnown: false };
}

/**
 * Speakers the opener names as a co-host in the first two minutes ("I have an excellent co-host…
 * it's Natalie Pistunovich"), where they are named.
 */
function coHostsNamed(segments: TimedSegment[], opener: string): { name: string; at: number }[] {
  const found: { name: string; at: number }[] = [];
  // Any labelled voice: a stand-in co-host may say less than a main speaker's tenth of the words.
  const speakers = new Set(
    segments.flatMap((segment) =>
      segment.speaker && isPersonLabel(segment.speaker) && labelName(segment.speaker) !== opener
        ? [labelName(segment.speaker)]
        : [],
    ),
  );
  for (const segment of segments) {
    if (segment.start > 120) break;
    if (!segment.speaker || labelName(segment.speaker) !== opener || !NAMES_A_COHOST.test(segment.text))
      continue;
    for (const name of speakers) {
      if (found.some((host) => host.name === name) || !namesInFull(segment.text, name)) continue;
      found.push({ name, at: Math.floor(segment.start) });
    }
  }
  return found;
}

/**
 * The labelled speakers who say at least `minShare` of the words (a tenth by default), with a full
 * name unless told otherwise, in order of their first line: an episode's regular voices, not someone
 * quoted once or a clip a news show plays.
 */
export function mainSpeakers(
  segments: TimedSegment[],
  { minShare = 0.1, isFullNameOnly = true }: { minShare?: number; isFullNameOnly?: boolean } = {},
): { name: string; at: number }[] {
  const words = new Map<string, { count: number; at: number }>();
  let total = 0;
  for (const segment of segments) {
    const count = segment.text.split(/\s+/).length;
    total += count;
    if (!segment.speaker) continue;
    const name = labelName(segment.speaker);
    const seen = words.get(name);
    if (seen) seen.count += count;
    else words.set(name, { count, at: Math.floor(segment.start) });
  }
  return [...words]
    .filter(
      ([name, { count }]) =>
        count >= total * minShare &&
        (!isFullNameOnly || name.split(/\s+/).length >= 2) &&
        isPersonLabel(name),
    )
    .map(([name, { at }]) => ({ name, at }));
}

/** Other episodes of a show a voice must be heard in to count as one of its regulars. */
const REGULAR_VOICE_EPISODES = 2;

/**
 * The voices with 5 % of the words, full names or not: who talks, without the clips a news show
 * plays ("Budweiser Commercial", "Morpheus").
 */
export function mainVoices(segments: TimedSegment[]): { name: string; at: number }[] {
  return mainSpeakers(segments, { minShare: 0.05, isFullNameOnly: false });
}

/** A voice across episodes whatever the middle initials: "Mireille B. Reece" is "Mireille Reece". */
const voiceKey = (label: string) =>
  labelName(label)
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => !/^\p{L}\.?$/u.test(word))
    .join(" ");

/** How many of the show's other episodes each voice is heard in. */
function episodesHeardIn(showSpeakers: string[][]): (speaker: string) => number {
  const heardIn = new Map<string, number>();
  for (const others of showSpeakers)
    for (const key of new Set(others.map(voiceKey))) heardIn.set(key, (heardIn.get(key) ?? 0) + 1);
  return (speaker) => heardIn.get(voiceKey(speaker)) ?? 0;
}

/**
 * Whether a voice is one of the show's regulars (heard in REGULAR_VOICE_EPISODES or more of its
 * other episodes): a host, even when an opening "I'm joined by Chris Benson" reads like a guest's
 * introduction (Practical AI #7).
 */
export function isShowRegular(speaker: string, showSpeakers: string[][] | undefined): boolean {
  return Boolean(showSpeakers && episodesHeardIn(showSpeakers)(speaker) >= REGULAR_VOICE_EPISODES);
}

/**
 * The hosts among `speakers` (first speaker first) by the speakers of the show's other episodes: its
 * regulars, and the first speaker unless no other episode has them (a guest who opens, as on
 * Changelog & Friends #33). Null when that names no host, or the show has too few other episodes
 * to tell.
 */
export function hostsByShow(speakers: string[], showSpeakers: string[][] | undefined): string[] | null {
  if (!showSpeakers || showSpeakers.length < REGULAR_VOICE_EPISODES) return null;
  const episodesOf = episodesHeardIn(showSpeakers);
  const hosts = speakers.filter(
    (speaker, index) =>
      episodesOf(speaker) >= REGULAR_VOICE_EPISODES || (index === 0 && episodesOf(speaker) > 0),
  );
  return hosts.length ? hosts : null;
}

/**
 * A line that says what the episode is about: "Today we're gonna talk about…", "On today's show…",
 * "This episode is all about…", "we're going to talk about…", "we've lined up a debate episode".
 */
const FRAMES_SUBJECT =
  /\b(?:(?:today|this week|this episode|in this episode|on (?:today's|this) (?:show|episode))[, ]+(?:we(?:'re| are| will|'ll)?|I(?:'m| am|'ll)?) (?:(?:gonna|going to|want to|wanna) )?(?:talk|talking|chat|chatting|discuss|discussing|revisit|revisiting|dig|digging|dive|diving|explore|exploring|look|looking|cover|covering|tackle|tackling|get|getting)\b|(?:this|today's) (?:episode|show) is (?:all )?about\b|\b(?:we(?:'re| are)|I(?:'m| am)) (?:gonna|going to) (?:talk|chat|explore|discuss) (?:today )?(?:about\b)?|\bon today's (?:show|episode)\b(?! is\b)(?=[,:]? (?:we|I|my|our)\b)|\bwe(?:'ve| have) lined up\b)/i;
/**
 * A host's cold open: "…it was time to talk one-on-one with Isaac Schlueter, co-founder and former
 * CEO, now Chief Product Officer of npm, about his choice and journey of hiring a successor."
 */
const TALKS_WITH_ABOUT =
  /\b(?:talk|chat|sit down|sat down|speak|catch up)(?:s|ed|ing)?(?: one-on-one)? with (?:\p{Lu}[\p{L}'-]+ ?){1,3}[^.?!]{0,160}\babout\b/u;
/**
 * Eight words or more, and not a short question back: "Wow!!" or "Well, I am preparing for a new
 * decade. How about you?" present no subject; a host's long question that sets it up does.
 */
function isSubstantive(segment: TimedSegment): boolean {
  const words = segment.text.split(/\s+/).length;
  return words >= 8 && (words >= 16 || !/\?\s*$/.test(segment.text));
}
const atLine = (segment: TimedSegment | undefined) =>
  segment ? { timecode: Math.floor(segment.start), text: segment.text } : null;

/** Where the introduction first names the episode's subject (a topic or a title word), if it does. */
export function subjectIntroduction(overview: EpisodeOverview): { timecode: number; text: string } | null {
  const segments = overview.transcriptSegments;
  if (!segments?.length) return null;
  // The show's own name in the title ("Practical AI #36: …") says nothing about this episode.
  const showWords = new Set(tokenize(overview.podcastName ?? ""));
  const titleStems = new Set(
    tokenize(overview.title)
      .filter((word) => word.length >= 5 && !showWords.has(word))
      .map(lemmaStem),
  );
  const topics = overview.topics
    .map((topic) => topic.toLowerCase().trim())
    .filter((topic) => topic.length >= 3);
  const end = introEnd(segments);
  const intro = segments.filter((segment) => segment.start <= end);
  const echoesTitle = (segment: TimedSegment) =>
    tokenize(segment.text).some((word) => titleStems.has(lemmaStem(word)));
  const namesTopic = (segment: TimedSegment) =>
    topics.some((topic) => segment.text.toLowerCase().includes(topic));
  // The earliest of the first line that echoes the title (in any form: "investing" for
  // "investment"), a host saying what the episode is about and a cold open's "talk with X
  // about…"; else the first substantial line that names a topic. A greeting that names only the company ("…what you're doing at Titan") is not
  // where the subject is introduced, nor is small talk ("Wow!!").
  const [found] = [
    intro.find(echoesTitle),
    intro.find((segment) => FRAMES_SUBJECT.test(segment.text) && isSubstantive(segment)),
    intro.find((segment) => TALKS_WITH_ABOUT.test(segment.text)),
  ]
    .filter((segment): segment is TimedSegment => segment !== undefined)
    .sort((a, b) => a.start - b.start);
  return atLine(found ?? intro.find((segment) => namesTopic(segment) && isSubstantive(segment)));
}

/**
 * What the host says when introducing a guest — the introduction and the host's next lines within a
 * minute ("You are the director of …") — trimmed to a few sentences.
 */
function introductionOf(segments: TimedSegment[], at: number): string {
  const start = segments.findIndex((segment) => Math.floor(segment.start) === at);
  const first = segments[start];
  if (!first) return "";
  const lines = [first.text];
  for (const segment of segments.slice(start + 1)) {
    if (segment.start > first.start + 60 || lines.length >= 3) break;
    if (first.speaker && segment.speaker !== first.speaker) continue;
    if (segment.text.split(/\s+/).length >= 6) lines.push(segment.text);
  }
  return leadSentences(lines.join(" "), 320);
}

/**
 * A host's closing request for a takeaway ("what would you leave our listeners with?"), or the
 * announcement of the interview's last question ("a last question here, as we're starting to wrap up").
 */
const TAKEAWAY_PROMPT =
  /\b(?:take ?aways?|one (?:thing|piece of advice|tip) (?:\w+ ){0,4}(?:remember|take|know|leave|do)|leave (?:\w+ ){0,2}with|final (?:thoughts?|words?|advice|message|questions?)|last (?:thoughts?|words?|questions?)|parting (?:thoughts?|words?|advice)|sum (?:it|this|that) up|(?:starting to|as we|before we) wrap(?:ping)? (?:things )?up)\b/i;

/**
 * A speaker's own send-off near the end: "I want to send you guys off from this conversation with the
 * realization that…", "I want you to walk away with a renewed sense of hope", "if you remember one
 * thing from today…".
 */
const SENDS_OFF =
  /\bI (?:want|would like|'d like|hope) (?:to send (?:you|you guys|everyone|our listeners|listeners) off|(?:you|you guys|everyone|our listeners|listeners|people) to (?:walk away|leave|take away|remember|know))\b|\bif you (?:remember|take away|take) (?:one thing|anything|just one thing)\b|\b(?:my|the) (?:one )?(?:takeaway|parting message|final message) (?:for you |here )?is\b/i;

/**
 * A speaker's send-off in the last fifth (see SENDS_OFF), when no one asked for a takeaway: the line
 * and the same speaker's next lines, up to ~300 characters.
 */
export function closingSendOff(
  segments: TimedSegment[] | null,
): { timecode: number; text: string; speaker: string | null } | null {
  if (!segments?.length) return null;
  const end = segments.at(-1)?.end ?? 0;
  for (const [i, segment] of segments.entries()) {
    if (segment.start < end * 0.8 || !SENDS_OFF.test(segment.text)) continue;
    const lines = [segment.text];
    for (const next of segments.slice(i + 1)) {
      if (next.start > segment.start + 45 || next.speaker !== segment.speaker || lines.join(" ").length > 200)
        break;
      lines.push(next.text);
    }
    return {
      timecode: Math.floor(segment.start),
      text: leadSentences(lines.join(" "), 300),
      speaker: segment.speaker ?? null,
    };
  }
  return null;
}

/** Fewer words than this answer a closing prompt with a quip, not a takeaway. */
const MIN_TAKEAWAY_WORDS = 8;

/** The hosts' names: the feed's, else the transcript's when they are known to be the hosts. */
function knownHosts(overview: EpisodeOverview): string[] {
  if (overview.hosts.length) return overview.hosts.map((host) => host.name);
  const { hosts, isKnown } = transcriptHosts(overview.transcriptSegments);
  return isKnown ? hosts.map((host) => host.name) : [];
}

/**
 * The guest's answer when the host asks for a takeaway near the end, a convention of interviews: the
 * prompt (a question in the last fifth) and the next lines of another speaker, up to ~300 characters.
 */
export function closingTakeaway(
  segments: TimedSegment[] | null,
  /** The hosts, when known: a co-host's "final thoughts" are not the episode's takeaway. */
  hosts: string[] = [],
): { timecode: number; text: string; speaker: string | null } | null {
  if (!segments?.length) return null;
  const end = segments.at(-1)?.end ?? 0;
  for (let i = segments.length - 2; i >= 0; i--) {
    const prompt = segments[i] as TimedSegment;
    if (prompt.start < end * 0.8) break;
    if (!prompt.text.includes("?")) continue;
    // The request may come a line or two before the question itself, from the same speaker.
    const lead = segments
      .slice(Math.max(0, i - 2), i)
      .filter((segment) => segment.speaker === prompt.speaker && segment.start >= prompt.start - 30);
    if (!TAKEAWAY_PROMPT.test([...lead, prompt].map((segment) => segment.text).join(" "))) continue;
    const reply = segments
      .slice(i + 1)
      .filter((segment) => !prompt.speaker || segment.speaker !== prompt.speaker);
    const first = reply[0];
    if (!first || first.start > prompt.start + 60) continue;
    // "Do we know when we're putting it live?": a question back is no takeaway.
    if (/\?\s*$/.test(first.text)) continue;
    if (first.speaker && hosts.some((host) => isCalled(host, labelName(first.speaker ?? "")))) continue;
    const lines: string[] = [];
    for (const segment of reply) {
      if (segment.start > first.start + 45 || lines.join(" ").length > 200) break;
      if (prompt.speaker && segment.speaker !== first.speaker) break;
      lines.push(segment.text);
    }
    // "Any final words before we call it a day?" "We win.": a quip is no takeaway, nor is a plug
    // ("in my blog post I link to that slide deck from @millie").
    const said = lines.join(" ");
    if (said.split(/\s+/).length < MIN_TAKEAWAY_WORDS || isHousekeeping(said)) continue;
    return {
      timecode: Math.floor(first.start),
      text: leadSentences(said, 300),
      speaker: first.speaker ?? null,
    };
  }
  return null;
}

const listNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

function peopleAnswer(
  people: EpisodeOverview["guests"],
  role: "guest" | "host",
  overview: EpisodeOverview,
): Answer | null {
  if (!people.length) return null;
  const names = people.map((person) => person.name);
  const plural = people.length > 1;
  const lines = [`The ${role}${plural ? "s are" : " is"} ${listNames(names)}.`];
  for (const person of people.slice(0, 3)) {
    const bio = person.bio ? leadSentences(person.bio, 220) : "";
    if (bio) lines.push(plural ? `${person.name}: ${bio}` : bio);
  }
  const sources: Answer["sources"] = [];
  for (const person of people.slice(0, 3)) {
    const at = firstMention(overview.transcriptSegments, person.name);
    if (at === null || sources.some((source) => source.timecode === at)) continue;
    const segment = overview.transcriptSegments?.find((item) => Math.floor(item.start) === at);
    sources.push({ timecode: at, text: segment?.text ?? person.name });
  }
  return { answer: lines.join(" "), sources };
}

/** The transcript's line where a person named at `at` is introduced. */
function lineAt(overview: EpisodeOverview, person: { name: string; at: number }) {
  return {
    timecode: person.at,
    text:
      overview.transcriptSegments?.find((segment) => Math.floor(segment.start) === person.at)?.text ??
      person.name,
  };
}

/** Sources without repeats: two co-hosts named in one line are one moment. */
function uniqueMoments(sources: Answer["sources"]): Answer["sources"] {
  return sources.filter(
    (source, i) => sources.findIndex((other) => other.timecode === source.timecode) === i,
  );
}

/** Guests found in the transcript, with what the host says when introducing the first. */
function guestIntroductionAnswer(named: { name: string; at: number }[], overview: EpisodeOverview): Answer {
  const names = named.map((guest) => guest.name);
  const introduction = introductionOf(overview.transcriptSegments ?? [], named[0]?.at ?? 0);
  return {
    answer: `The guest${names.length > 1 ? "s are" : " is"} ${listNames(names)}.${introduction ? ` From the introduction: “${introduction}”` : ""}`,
    sources: named.map((guest) => lineAt(overview, guest)),
  };
}

/** Hosts found in the transcript, sourced where they introduce themselves. */
function hostAnswer(
  named: { name: string; at: number }[],
  overview: EpisodeOverview,
  isKnown = true,
): Answer {
  const [opener, ...others] = named;
  return {
    // Several voices and no introduction: co-hosts, or a host and a guest the transcript does not
    // introduce (Changelog transcripts often start after the spoken intro). Say only what it shows.
    answer:
      opener && others.length && !isKnown
        ? `The transcript doesn't introduce its hosts: ${opener.name} opens the episode and talks with ${listNames(others.map((other) => other.name))}.`
        : `The host${named.length > 1 ? "s are" : " is"} ${listNames(named.map((host) => host.name))}.`,
    sources: uniqueMoments(named.map((host) => lineAt(overview, host))),
  };
}

/**
 * "Who is the guest?" when nobody is introduced and the labelled transcript has two or more main
 * voices: who is talking is the answer. Whether they are co-hosts (Brain Science) or a host and a
 * guest whose introduction the transcript lacks, it cannot tell, so it claims neither. Null
 * otherwise (one voice, or no labels: the question goes to retrieval as before).
 */
function hostsOnlyAnswer(overview: EpisodeOverview): Answer | null {
  const { hosts, isKnown } = transcriptHosts(overview.transcriptSegments, []);
  const [opener, ...others] = hosts;
  if (!opener || !others.length) return null;
  return {
    answer: isKnown
      ? `No guest is introduced in this episode's transcript. The hosts are ${listNames(hosts.map((host) => host.name))}.`
      : `No guest is introduced in this episode's transcript: ${opener.name} opens it and talks with ${listNames(others.map((other) => other.name))}.`,
    sources: uniqueMoments(hosts.map((person) => lineAt(overview, person))),
  };
}

type TimedPerson = { name: string; at: number };

/**
 * The main voices as hosts (heard across the show's other episodes, `hostsByShow`) and guests (the
 * others), each from where they first speak; null when the show's other episodes cannot tell.
 */
function peopleByShow(overview: EpisodeOverview): { hosts: TimedPerson[]; guests: TimedPerson[] } | null {
  const voices = mainVoices(overview.transcriptSegments ?? []);
  const hosts = hostsByShow(
    voices.map((voice) => voice.name),
    overview.showSpeakers,
  );
  if (!hosts) return null;
  return {
    hosts: voices.filter((voice) => hosts.includes(voice.name)),
    guests: voices.filter((voice) => !hosts.includes(voice.name)),
  };
}

/** "The hosts are A and B, heard across the show's episodes." */
function showHostsSentence(hosts: TimedPerson[]): string {
  return `The host${hosts.length > 1 ? "s are" : " is"} ${listNames(hosts.map((host) => host.name))}, heard across the show's episodes.`;
}

/**
 * "Who is the guest?" (or, without guests, "Who are the hosts?") answered by who the show's other
 * episodes have, sourced where each first speaks.
 */
function showPeopleAnswer(
  { hosts, guests }: { hosts: TimedPerson[]; guests: TimedPerson[] },
  overview: EpisodeOverview,
): Answer {
  return {
    answer: guests.length
      ? `The guest${guests.length > 1 ? "s are" : " is"} ${listNames(guests.map((guest) => guest.name))}, talking with ${listNames(hosts.map((host) => host.name))}, who ${hosts.length > 1 ? "are" : "is"} heard across the show's episodes.`
      : `No guest is introduced in this episode's transcript. ${showHostsSentence(hosts)}`,
    sources: uniqueMoments([...guests, ...hosts].map((person) => lineAt(overview, person))),
  };
}

function insightSources(
  overview: EpisodeOverview,
  limit: number,
  insights = overview.insights,
): Answer["sources"] {
  return insights
    .filter((insight): insight is { keyPoint: string; timecode: number } => insight.timecode !== null)
    .slice(0, limit)
    .map((insight) => ({ timecode: Math.max(0, Math.floor(insight.timecode)), text: insight.keyPoint }));
}

/** Advice in so many words: "make sure", "my advice is", "the key is", "I'd recommend". */
const GIVES_ADVICE =
  /\b(?:my (?:advice|recommendation|tip)|I(?:'d| would) (?:recommend|suggest|say)|the key is|make sure|do yourself a favou?r|the (?:most important|best) thing)\b/i;
/**
 * "You have to…" as what a line opens with ("Sometimes you have to do something that doesn't make
 * sense…"); later in a line it is most often the general "you" of an explanation ("…so you have to
 * have some system to coordinate").
 */
const OPENS_WITH_YOU_MUST =
  /^(?:\S+,?\s+){0,2}you (?:should|need to|have to|must|want to|'ve got to|gotta)\b/i;
/** "Don't…", "Never…", "Always…" at the start of a line. */
const STARTS_ADVICE = /^(?:(?:so|and|but|just|really),?\s+)*(?:don't|do not|never|always)\b/i;

const SETS_UP_A_PICTURE =
  /^(?:imagine|suppose|picture|say|let's|let us|look|remember (?:when|how|that time)|think (?:back|of the time))\b/i;

/**
 * Whether a key insight reads as a takeaway a listener can act on: advice in so many words, or an
 * imperative ("Pick one lane in frontend and specialize there.", "Start small.").
 */
export function readsAsAdvice(text: string): boolean {
  const line = text.trim();
  if (line.endsWith("?")) return false;
  if (GIVES_ADVICE.test(line) || STARTS_ADVICE.test(line) || OPENS_WITH_YOU_MUST.test(line)) return true;
  // An imperative: a verb in its base form first, tagged on the line's first words. "Imagine…",
  // "Remember when…", "Say you…" set up a picture or recall the talk; they advise nothing.
  if (SETS_UP_A_PICTURE.test(line)) return false;
  const [first] = tagWithLemmas(line.split(/\s+/).slice(0, 4).join(" "));
  return first?.pos === "VERB" && first.lemma === first.lower;
}

/**
 * "What are the main takeaways?": the insights that read as advice first, then the others, each
 * group in the order it is said. The episode page keeps them all in time order.
 */
function takeawaysFirst(insights: EpisodeOverview["insights"]): EpisodeOverview["insights"] {
  const advice = insights.filter((insight) => readsAsAdvice(insight.keyPoint));
  return [...advice, ...insights.filter((insight) => !advice.includes(insight))];
}

/**
 * The answer to an episode-level question from the overview, or null when the overview cannot
 * answer it (no summary, no insights, no named guest): the question then goes through retrieval
 * like any other, which may still find "my guest today is…" in the transcript.
 */
export function answerEpisodeIntent(intent: EpisodeIntent, overview: EpisodeOverview): Answer | null {
  switch (intent) {
    case "guest": {
      if (overview.guests.length) return peopleAnswer(overview.guests, "guest", overview);
      // A regular of the show "joined by" the host is a co-host, not a guest.
      const named = guestsFromTranscript(overview.transcriptSegments).filter(
        (guest) => !isShowRegular(guest.name, overview.showSpeakers),
      );
      if (named.length) return guestIntroductionAnswer(named, overview);
      if (overview.hosts.length) return null;
      const byShow = peopleByShow(overview);
      return byShow ? showPeopleAnswer(byShow, overview) : hostsOnlyAnswer(overview);
    }
    case "host": {
      if (overview.hosts.length) return peopleAnswer(overview.hosts, "host", overview);
      const { hosts: named, isKnown } = transcriptHosts(overview.transcriptSegments);
      const byShow = isKnown ? null : peopleByShow(overview);
      if (byShow)
        return {
          answer: showHostsSentence(byShow.hosts),
          sources: uniqueMoments(byShow.hosts.map((host) => lineAt(overview, host))),
        };
      return named.length ? hostAnswer(named, overview, isKnown) : null;
    }
    case "takeaways": {
      const points = takeawaysFirst(overview.insights).slice(0, 5);
      const asked = closingTakeaway(overview.transcriptSegments, knownHosts(overview));
      const closing = asked ?? closingSendOff(overview.transcriptSegments);
      if (!points.length && !closing) return null;
      const list = points
        .map(
          (insight, index) =>
            `${index + 1}. ${insight.keyPoint}${insight.timecode === null ? "" : ` (${formatTime(insight.timecode)})`}`,
        )
        .join("\n");
      const said = !closing
        ? ""
        : asked
          ? `Asked for a takeaway at the end, ${closing.speaker ?? "the guest"} says: “${closing.text}”`
          : `At the end, ${closing.speaker ? labelName(closing.speaker) : "the speaker"} leaves listeners with: “${closing.text}”`;
      return {
        answer: [said, list && `The main takeaways:\n${list}`].filter(Boolean).join("\n\n"),
        sources: [
          ...(closing ? [{ timecode: closing.timecode, text: closing.text }] : []),
          ...insightSources(overview, closing ? 2 : 3, points),
        ],
      };
    }
    case "subject":
    case "summary": {
      if (!overview.summary?.trim()) return null;
      const guestNames = overview.guests.length
        ? overview.guests.map((guest) => guest.name)
        : guestsFromTranscript(overview.transcriptSegments).map((guest) => guest.name);
      const who = guestNames.length ? ` with ${listNames(guestNames)}` : "";
      const show = overview.podcastName ? ` of ${overview.podcastName}` : "";
      const body = leadSentences(overview.summary, intent === "summary" ? 700 : 360);
      // The offline summary already opens on the show and who talks ("In this episode of …"): the
      // title alone leads it then, so the answer does not say it twice.
      const lead = /^(?:in this episode|an episode)\b/i.test(body)
        ? `"${overview.title}":`
        : `This episode${show}, "${overview.title}"${who}:`;
      const points =
        intent === "summary" && overview.insights.length
          ? ` Key points: ${overview.insights
              .slice(0, 3)
              .map((insight) => insight.keyPoint.replace(/[.!?]+$/, ""))
              .join("; ")}.`
          : "";
      // An episode named after its guest ("Anima Anandkumar at NVIDIA GTC") is about that person:
      // their introduction presents the subject.
      const titled = overview.guests.length
        ? overview.guests.map((guest) => ({
            name: guest.name,
            at: firstMention(overview.transcriptSegments, guest.name),
          }))
        : guestsFromTranscript(overview.transcriptSegments);
      const namedInTitle = titled.find(
        (guest) => guest.at !== null && overview.title.toLowerCase().includes(guest.name.toLowerCase()),
      );
      const guestSegment =
        namedInTitle &&
        overview.transcriptSegments?.find((segment) => Math.floor(segment.start) === namedInTitle.at);
      const introduction = guestSegment
        ? atLine(framingAfterWelcome(overview.transcriptSegments ?? [], guestSegment) ?? guestSegment)
        : subjectIntroduction(overview);
      const sources = [
        ...(introduction ? [introduction] : []),
        ...insightSources(overview, introduction ? 2 : 3),
      ];
      return {
        answer: `${lead} ${body}${points}`,
        sources: sources.length ? sources : [{ timecode: 0, text: leadSentences(overview.summary, 200) }],
      };
    }
  }
}

const ASKS_BACKGROUND = /\b(?:background|career|history|experience|previously|before)\b/i;
/** What someone did before: the host's "you were at Goldman Sachs", the guest's "I worked at…". */
const SAYS_PAST =
  /\b(?:you (?:were|worked|spent|studied|started|grew up|graduated|used to)|you've been|your background|I (?:was|worked|spent|studied|started|grew up|graduated|used to)|I've been|formerly|previously)\b/i;
/** How long after a guest's introduction their background is still being told. */
const BACKGROUND_WINDOW_SECONDS = 120;

/**
 * A host asking for the guest's story: "tell us a little bit about your background, how you
 * arrived…", "a high-level introduction of who you are, what you do".
 */
const ASKED_BACKGROUND =
  /\b(?:your background|about yourself|introduce yourself|who you are|how (?:did )?you (?:get|got|arrived?|came|come|ended up|start(?:ed)?|began|begin)|your (?:story|journey|path)\b)/i;
/**
 * A request is a question or a "tell us…", "give an introduction…": the guest's "as you go on in
 * your journey, you pick up…" speaks of the listener's path and asks for nobody's.
 */
const REQUESTS = /\?|\b(?:tell|share|give|walk|introduce)\b/i;
/** Thanks and "it's a vast question": the start of a reply, not the story. */
const PLEASANTRY = /\b(?:thanks?|thank you|(?:great|good|vast|big|tough) question)\b/i;
/** How far into an episode a host asks for the guest's story, and how soon the guest tells it. */
const BACKGROUND_ASK_SECONDS = 600;
const BACKGROUND_REPLY_SECONDS = 180;
const MIN_REPLY_WORDS = 12;

/**
 * The guest's own account of their path, when a host asks for it in the first ten minutes: the first
 * substantial line another voice says within three minutes, with that voice's next lines (up to
 * about 300 characters). Null when nobody asks, or the transcript has no speaker labels.
 */
function backgroundReply(
  segments: TimedSegment[],
  /** The person whose story is asked for, when the question names them. */
  who?: string,
): { start: number; text: string } | null {
  const ask = segments.find(
    (segment) =>
      segment.start <= BACKGROUND_ASK_SECONDS &&
      segment.speaker &&
      ASKED_BACKGROUND.test(segment.text) &&
      REQUESTS.test(segment.text),
  );
  if (!ask?.speaker) return null;
  const asker = labelName(ask.speaker);
  const from = segments.findIndex(
    (segment) =>
      segment.start > ask.start &&
      segment.start <= ask.start + BACKGROUND_REPLY_SECONDS &&
      segment.speaker !== undefined &&
      isPersonLabel(segment.speaker) &&
      labelName(segment.speaker) !== asker &&
      segment.text.split(/\s+/).length >= MIN_REPLY_WORDS &&
      !PLEASANTRY.test(segment.text),
  );
  const first = segments[from];
  // The story told is someone else's when another guest answers the host's question.
  if (!first?.speaker || (who && !isCalled(who, labelName(first.speaker)))) return null;
  let text = first.text;
  for (const segment of segments.slice(from + 1)) {
    if (segment.speaker !== first.speaker || text.length >= 300) break;
    text = `${text} ${segment.text}`;
  }
  return { start: first.start, text };
}

/**
 * A question about the guest's background, when the introduction line says nothing of their past
 * ("Joe, welcome to Founders Talk."): the first line in the next two minutes that does becomes the
 * first source and is quoted.
 */
function withBackground(answer: Answer, overview: EpisodeOverview): Answer {
  const first = answer.sources[0];
  const segments = overview.transcriptSegments ?? [];
  const reply = backgroundReply(segments);
  if (reply) return withBackgroundLine(answer, reply);
  if (!first || SAYS_PAST.test(first.text)) return answer;
  const line = segments.find(
    (segment) =>
      segment.start > first.timecode &&
      segment.start <= first.timecode + BACKGROUND_WINDOW_SECONDS &&
      SAYS_PAST.test(segment.text),
  );
  return line ? withBackgroundLine(answer, line) : answer;
}

/** The answer, then the line that tells the person's past, quoted and made the first source. */
function withBackgroundLine(answer: Answer, line: { start: number; text: string }): Answer {
  const source = { timecode: Math.floor(line.start), text: line.text };
  return {
    answer: `${answer.answer} On their background: “${leadSentences(line.text, 300)}”`,
    sources: [source, ...answer.sources.filter((item) => item.timecode !== source.timecode)].slice(0, 3),
  };
}

/**
 * Ask's first step for every provider: an episode-level question answered from the overview (loaded
 * only when the question is one), else null and the caller retrieves passages as for any question.
 */
export async function answerFromOverview(
  question: string,
  /** The overview; `isAboutPeople`: the answer may need who is heard across the show (`showSpeakers`). */
  loadOverview: (needs: { isAboutPeople: boolean }) => Promise<EpisodeOverview>,
): Promise<Answer | null> {
  const intent = detectEpisodeIntent(question);
  const isAboutPeople = intent === "guest" || intent === "host";
  if (intent === "guest" && ASKS_BACKGROUND.test(question)) {
    const overview = await loadOverview({ isAboutPeople });
    const answer = answerEpisodeIntent(intent, overview);
    // A show without a guest answers who is talking; a host's past is not "the guest's background".
    const hasGuest =
      overview.guests.length > 0 || guestsFromTranscript(overview.transcriptSegments).length > 0;
    return answer && hasGuest ? withBackground(answer, overview) : answer;
  }
  if (intent) return answerEpisodeIntent(intent, await loadOverview({ isAboutPeople }));
  const person = askedPersonName(question);
  if (person)
    return answerPersonQuestion(
      person,
      await loadOverview({ isAboutPeople }),
      ASKS_BACKGROUND.test(question),
    );
  const setting = askedSubjectSetting(question);
  if (setting) {
    const overview = await loadOverview({ isAboutPeople });
    return isEpisodeSetting(setting, overview) ? answerEpisodeIntent("subject", overview) : null;
  }
  return null;
}

/**
 * A person asked about by name: "Who is Anima Anandkumar?", "Who's Mike?", "Tell me about Danielle
 * Rath." The name as written (capitalised words), or null.
 */
export function askedPersonName(question: string): string | null {
  const text = question
    .trim()
    .replace(/[’‘]/g, "'")
    .replace(/[\s?.!]+$/, "");
  const match =
    /^(?:[Ww]ho(?:'s| is| was)|[Tt]ell me (?:a (?:bit|little) |more )?about|[Ww]hat do (?:we|you) know about)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})$/u.exec(
      text,
    ) ??
    // "What's Neethu's background?", "What does Sam Coyle do?"
    /^(?:[Ww]hat(?:'s| is| was) (\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+){0,2})'s? (?:background|story|bio|biography|career|job|role|expertise|experience)|[Ww]hat (?:does|did) (\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+){0,2}) do(?: for (?:a )?(?:living|work))?)$/u.exec(
      text,
    );
  return match?.slice(1).find(Boolean) ?? null;
}

/** Whether a name asked about is this person: the full name, the last name, or the first in any form. */
function isCalled(asked: string, name: string): boolean {
  // A middle initial ("Mireille B. Reece") is left out as often as it is said.
  const partsOf = (text: string) =>
    text
      .toLowerCase()
      .split(/\s+/)
      .filter((part, index, all) => index === 0 || index === all.length - 1 || !/^\p{L}\.?$/u.test(part));
  const askedParts = partsOf(asked);
  const parts = partsOf(name);
  const [first = "", ...rest] = parts;
  const firstForms = [first, ...nameVariants(first)];
  if (askedParts.length === 1) {
    const [word = ""] = askedParts;
    return firstForms.includes(word) || (rest.length > 0 && rest.at(-1) === word);
  }
  const [askedFirst = "", ...askedRest] = askedParts;
  return firstForms.includes(askedFirst) && askedRest.join(" ") === rest.join(" ");
}

/**
 * "Who is ⟨name⟩?" about the episode's guest or host: who they are, from the feed's people or the
 * introduction, sourced where they are introduced. Null for anyone else (retrieval looks for them).
 */
/**
 * Where the introduction presents one person on their own ("we have Sam Coyle, who's a software
 * engineer at…"), after a line that named several ("joined by Samantha Coyle and Neethu Elizabeth
 * Simon"): the moment for a question about that person. The given moment when there is none.
 */
export function personalIntroduction(segments: TimedSegment[], name: string, at: number): number {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const forms = [name.trim(), ...nameVariants(first).map((variant) => [variant, ...rest].join(" ")), first];
  const pattern = new RegExp(
    String.raw`\b(?:${forms.map(escapeRegExp).join("|")})\b,?\s+(?:who(?:'s|’s| is| was| has)|is (?:a|an|the|our)|(?:a|an|the) \p{Ll})`,
    "iu",
  );
  const end = introEnd(segments);
  const found = segments.find(
    (segment) => segment.start >= at && segment.start <= end && pattern.test(segment.text),
  );
  return found ? Math.floor(found.start) : at;
}

export function answerPersonQuestion(
  asked: string,
  overview: EpisodeOverview,
  /** "What's Lauren's background?": a guest's answer then quotes their own account of their path. */
  asksBackground = false,
): Answer | null {
  // Their own account when a host asks for it; else the introduction that presents them.
  const aboutGuest = (answer: Answer | null) => {
    const reply = asksBackground ? backgroundReply(overview.transcriptSegments ?? [], asked) : null;
    return answer && reply ? withBackgroundLine(answer, reply) : answer;
  };
  const listedGuest = overview.guests.find((guest) => isCalled(asked, guest.name));
  if (listedGuest) return aboutGuest(peopleAnswer([listedGuest], "guest", overview));
  const guests = guestsFromTranscript(overview.transcriptSegments);
  const named = guests.find((guest) => isCalled(asked, guest.name));
  if (named) {
    const at = personalIntroduction(overview.transcriptSegments ?? [], named.name, named.at);
    return aboutGuest(guestIntroductionAnswer([{ ...named, at }], overview));
  }
  const listedHost = overview.hosts.find((host) => isCalled(asked, host.name));
  if (listedHost) return peopleAnswer([listedHost], "host", overview);
  const host = overview.hosts.length
    ? undefined
    : hostsFromTranscript(overview.transcriptSegments, guests).find((item) => isCalled(asked, item.name));
  return host ? hostAnswer([host], overview) : null;
}

/**
 * "What did they talk about at GTC?", "What do they discuss on Practical AI?": the subject question
 * with a setting; the setting's words, or null.
 */
export function askedSubjectSetting(question: string): string | null {
  const text = normalise(question);
  const match =
    /^what (?:do|does|did|are|were|is|was) (?:they|you|the hosts?|the guests?|the speakers?|he|she|we) (?:talk|speak|chat|discuss)(?:ing)?(?: about)? (?:at|on|in|during) (.{2,60})$/.exec(
      text,
    );
  return match?.[1] ?? null;
}

/**
 * Whether a setting names where the whole conversation happens, not a part of it: every word of it is
 * in the title, the show's name or the introduction ("at GTC" when the host opens "here at GTC").
 */
function isEpisodeSetting(setting: string, overview: EpisodeOverview): boolean {
  const segments = overview.transcriptSegments ?? [];
  const end = Math.min(introEnd(segments), 300);
  const opening = segments
    .filter((segment) => segment.start <= end)
    .map((segment) => segment.text)
    .join(" ");
  const known = `${overview.title} ${overview.podcastName ?? ""} ${opening}`.toLowerCase();
  // A part of the episode ("at the end", "in the first half") is not where all of it happens.
  if (
    /\b(?:end|ending|beginning|start|middle|closing|final|last|first|second|half|part|section|segment|intro|introduction|outro|minutes?|break)\b/.test(
      setting,
    )
  )
    return false;
  // "on the show", "on this week's episode": the episode's own words need no check.
  const words = setting
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/'s$/, ""))
    .filter((word) => word && !EPISODE_LEVEL_WORDS.has(word) && !/^(?:week|weeks)$/.test(word));
  const plain = known.replace(/'/g, "");
  return words.every((word) => new RegExp(`\\b${word.replace(/'/g, "")}\\b`, "u").test(plain));
}
