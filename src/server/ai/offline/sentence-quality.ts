import { type LemmaToken, type TaggedToken, tagText, tagWithLemmas } from "./nlp.ts";

/**
 * Which transcript sentences can stand on their own (issue 18 §3): a summary, a key insight or a quiz
 * stem built from speech must not begin mid-thought ("And so…", "That factor…", "Yeah"), carry a
 * greeting or a sponsor read, or trail off. The rules are the engine's own; the benchmark's checkers
 * (bench/learning/checks.ts) measure the result independently.
 */

/**
 * Spoken openers that add nothing and can be dropped: "So, ", "And ", "Yeah, ", "I think ". "Look"
 * and "Like" only with their comma: "Look at how many…" and "Like most people…" need them.
 */
const DROPPABLE_OPENING =
  /^(?:(?:look|like)[,!]\s+|(?:and|so|yeah|yes|well|okay|ok|oh|um|uh|now|right|basically|honestly|actually|anyway|and so|so yeah|yeah so|so basically|and then|in fact|the fact is(?: that)?|of course|obviously|clearly|for sure|certainly|apparently|first off|first of all|to be fair(?: though)?)\b[,.!]?\s+|(?:i think|i believe|i'd say|i would say|i mean|you know|i guess|i feel like|i'd argue)\b,?\s+(?:that\s+(?!(?:would|will|is|was|could|should|might|must|can|has|had|does|did|seems|sounds|makes|means)\b|['’]))?)/i;

/**
 * Words that make a sentence lean on what came before: connectives, pronouns, demonstratives and
 * "one/another/other" that point back ("One is that…", "That factor…"); the next item of a list
 * ("Two is…", "Secondly…"); a host's prompt to the guest ("Talk about…", "Tell us…"); and a request
 * to someone in the room ("Please don't. You'll have to in about eight minutes anyway.").
 */
const LEANING_OPENING =
  /^(?:on the other hand|on (?:the )?one hand|thing (?:one|two|three|four|five|\d) is|in other words|for example|for instance|as a result|at the same time|in that case|in this case|and|so|but|or|because|just because|also|then|plus|anyway|yeah|yes|well|like|um|uh|oh|okay|ok|right|that|this|these|those|it|its|it's|they|them|their|theirs|he|she|him|his|her|hers|we|our|ours|us|i|i'm|i've|i'd|i'll|me|my|you|your|you're|you've|which|there|there's|here|here's|one|another|other|others|such|both|either|neither|same|the same|the other|the latter|the former|now|then|yet|still|though|although|otherwise|instead|besides|hence|thus|therefore|however|anyway|what|who|why|how|when|where|let's|let|no|not|exactly|sure|totally|absolutely|cool|great|nice|wow|hmm|mm|hm|versus|maybe|since then|for me|having|hallelujah|please|don't worry|if you look|again|similarly|likewise|as i said|like i said|especially|except|including|not to mention|just the fact|talk about|tell (?:us|me)|walk (?:us|me)|give (?:us|me)|introduce yourself|name your|remind (?:us|me)|take (?:us|me)|help (?:us|me) understand|explain (?:to )?(?:us|me)|share with (?:us|me)|describe (?:for )?(?:us|me)|the (?:first|second|third|fourth|fifth|next|last|final) (?:thing|point|reason|one|part|step|piece|bit)|(?:number )?(?:one|two|three|four|five|six|seven) (?:is|was)|whereas|even (?:here|there|then|so|to)|as such|in the meantime|bearing in mind|firstly|secondly|thirdly|lastly|a little bit like|at some point)\b/i;

/**
 * Sentences that point back wherever the pointer is: one ending on a bare auxiliary ("For probably a
 * year or two I did."), one agreeing with another speaker ("the same one as Matt said"), a fragment
 * continuing a point ("Even telling people what Changelog means, …"), and "that kind of…".
 */
const POINTS_BACK = [
  /\b(?:i|we|you|they|he|she|it)\s+(?:did|do|does|was|were|am|is|are|have|has|had|can|could|will|would|should)(?:\s+not|n['’]t)?\s*[.!]?$/i,
  /\b(?:as|like) (?:\p{Lu}\p{L}+|you|he|she|they|we|I) (?:just |already )?(?:said|say|mentioned|pointed out|described)\b/u,
  /\bthe same (?:one|thing|point|idea) as\b/i,
  /^even \p{L}+ing\b/iu,
  // Probes of decision 080 (Brain Science #23): "Even given, we all manage stress differently…" and
  // "If we're doing a gravitational metaphor, it's gonna be harder to climb that hill…" go on from
  // what was said before.
  /^even (?:given|so|then)\b/i,
  /\b(?:if|since) we're (?:doing|using|going with|sticking with) (?:a|an|the|this|that) (?:[\p{L}-]+ ){0,2}(?:metaphor|analogy|example)\b/iu,
  // "At its peak we made $1,000 a month": a preposition and a pronoun that point back.
  /^(?:at|in|for|on|by|with|from|of|during|after|before) (?:its|their|his|her|that|this|these|those)\b/i,
  // "…result in that kind of learning", "…was a big part of it.": what was just said, not named here.
  /\b(?:that|this|those|these) (?:kinds?|sorts?|types?) of\b/i,
  /\b(?:part|parts|some|all|most|much|rest|half|none) of (?:it|that|this|them)\s*[.!]?$/i,
  // Sample H (decision 057): "Shields was the best example of that.", "Stuff like that is a quick
  // win…", "A lot of it was because…", "Bookmark this one…", "Release notes is a good word for it, too."
  /\b(?:example|proof|evidence|version|result|sign|symptom) of (?:that|this|it|those|these)\b/i,
  /\b(?:stuff|things?|something|anything) like (?:that|this)\b/i,
  /^(?:a lot|lots|some|most|all|much|part|none|half|the rest|a bit|a little) of (?:it|that|this|them|those|these)\b/i,
  /\b(?:this|that) one\b/i,
  /,?\s+(?:too|as well|either)\s*[.!]?$/i,
  // "The reason I say that is…", "I'd probably say the same thing."
  /\bthe reason I (?:say|said|mention(?:ed)?|ask(?:ed)?|bring (?:it|that|this) up) (?:that|this|it)?\b/i,
  /\b(?:say|said|do|did|think|thought|feel|felt) the same(?: thing)?\b/i,
  // "A bunch of open source projects do that.", "…we've learned doing that", "If you do, it's
  // because…", "…didn't want to go out very far, yeah."
  /\b(?:do|does|did|doing) (?:that|this|it)\s*[.!]?$|\bdoing (?:that|this)\b/i,
  /^if (?:you|we|they|he|she|I|it) (?:do|did|don't|didn't|can|can't|are|aren't|have|haven't|will|won't)\s*,/i,
  /,\s*(?:yeah|right|you know|I guess|I think)\s*[.!]?$/i,
  // Probes of decision 075: "The second was maybe compliance concerns…" (of a list said before;
  // "The first is…" most often names its item), "…you need to keep this in mind from the get-go".
  /^the (?:second|third|fourth|fifth|last|other|next|latter|former)(?: (?:one|thing|part|point|step|reason))? (?:is|was|being|would be)\b/i,
  /\b(?:keep|bear|have) (?:this|that|it) in mind\b/i,
  // "The reason why is because she had experience building that…": the reason for what was said.
  /^(?:and )?(?:the|a|one) (?:main |big |other )?reason(?: why)? (?:is|was|being)\b/i,
  // Probes of decision 078 (Brain Science #14, #20, #30): a reason with nothing it is the reason
  // for ("About Bob Seger, for some reason, because that's something she loved…", "For some reason
  // because showing up pays in dividends."), and "one of the results of this interaction".
  /^(?:(?:about|as for|for|regarding|with) [^,.;]{1,30},\s*)?(?:for (?:some|that|this|one) reason,?\s*)?because\b[^,;]*$/i,
  /\b(?:results?|effects?|outcomes?|consequences?|benefits?|downsides?|upsides?) of (?:this|that|these|those)\b/i,
  // "If your work is performed within an hour spectrum.": a condition whose main clause was said
  // before it, or never.
  /^(?:if|unless|as long as|whether)\b[^,;:]*$/i,
  // Probes of decision 080 (Brain Science #16): "Big T trauma being legitimate abuse, or a way in
  // which…" goes on from a comparison said before it; with no verb of its own before its first comma
  // ("Someone being kind is…" has one; "Despite being…" leads a clause), it is a fragment.
  /^(?!(?:i|we|you|they|he|she|it|there|that|this|despite|for|by|of|about|without|after|before|from|in|on|while|since|like|as|just|not)\b)(?:(?!(?:is|are|was|were|am|be|been|keeps?|kept|avoid|enjoy|love|hate|mind|stop|start)\b)[\p{L}'-]+\s+){1,4}being\b(?![^,;]*\b(?:is|are|was|were|has|have|had|does|do|did|makes?|made)\b)/iu,
];

/**
 * Greetings, thanks, show housekeeping, sponsor reads and a transcriber's notes: never a summary line
 * or a quiz question.
 */
const HOUSEKEEPING = [
  // "different [unintelligible 00:17:11.28] than where…", "[crosstalk]": the words are not all there.
  /\[(?:unintelligible|inaudible|indiscernible|crosstalk|cross-talk|laughter|laughs|silence|music|overlapping)\b[^\]]*\]/i,
  // Praise for the other speaker's answer ("…so I appreciate that.").
  /\bI (?:really )?appreciate (?:that|it|you)\b/i,
  /\bwelcome\b/i,
  /\bthank(?:s| you)\b/i,
  /\b(?:hello|hi|hey),? (?:everyone|everybody|there|folks|all)\b/i,
  /^(?:hello|hi|hey)\b/i,
  /\b(?:great|good|glad|happy|excited|nice|pleasure) (?:to (?:be here|have you|talk|chat|see you)|having you)\b/i,
  /\bgreat question\b/i,
  /\bsubscribe\b/i,
  /\b(?:sponsor(?:ed)?|brought to you by|promo code|discount code|coupon|free trial|sign up at|check out|head (?:on )?over to|go to \S+\.(?:com|org|io|fm))\b/i,
  /\b[\w-]+\.(?:com|org|io|fm|net)\b/i,
  /\b(?:slack community|newsletter|show notes|patreon|leave (?:us )?a review|rate (?:and|&) review|this (?:episode|show|podcast)|the (?:podcast|show)|next (?:episode|week's episode)|(?:last|recent|previous|earlier|another) episode|our listeners|thanks for listening)\b/i,
  /\b(?:see you|talk to you|bye|goodbye|take care|have a (?:good|great))\b/i,
  // "follow @thechangelog", "props to all the people who…": plugs and shout-outs.
  /\bfollow (?:us|me|@)|(?:^|\s)@\w{3,}|\bprops to\b|\bshout-?outs?\b/i,
  // "…please get in touch.", "Bookmark this…", "Share with us your struggles", and the host moving
  // the talk on ("let's go ahead and turn to the future then", "let's talk about state machines real
  // quick").
  /\bget in touch\b|\breach out to us\b|\bbookmark this\b|\bshare with us\b|\blet us know\b/i,
  /\blet['’]?s (?:go ahead and )?(?:turn|move on|talk about|switch|jump|dive|get into|start with|wrap)\b/i,
];

/**
 * Phrases of unscripted speech that mark a sentence as talk rather than a claim, hedges included: "I
 * don't know, the point is that there's darkness in the past…" asks nothing a listener could learn.
 */
const DISFLUENCY =
  /(?:--|—| - |\.\.\.|…|["“”]|\b(?:you know|i mean|kind of like|sort of like|um+|uh+|blah|i (?:don't|do not) know|i'm not sure|i forget)\b)/i;

/** A quotation begun but not ended, or the other way round, leaves a fragment. */
function hasBalancedQuotes(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length;
  const open = (text.match(/“/g) ?? []).length;
  const close = (text.match(/”/g) ?? []).length;
  return straight % 2 === 0 && open === close;
}

/**
 * The sentence with its droppable spoken openers removed and its first letter capitalised ("So
 * yeah, I think caffeine…" → "Caffeine…"), or null when it still leans on what came before.
 */
export function standaloneForm(text: string): string | null {
  let rest = text.trim();
  for (let i = 0; i < 4; i++) {
    const next = rest.replace(DROPPABLE_OPENING, "");
    if (next === rest) break;
    rest = next;
  }
  if (!rest || LEANING_OPENING.test(rest) || !/^[\p{L}\p{N}]/u.test(rest)) return null;
  if (POINTS_BACK.some((pattern) => pattern.test(rest))) return null;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The greeting, thanks, sponsor read or show housekeeping a sentence carries. */
export function isHousekeeping(text: string): boolean {
  return HOUSEKEEPING.some((pattern) => pattern.test(text));
}

/** A complete statement: ends like a sentence, no trailing off, no broken quotes, not a question. */
export function isCompleteStatement(text: string): boolean {
  const trimmed = text.trim();
  return (
    /[.!]["')\]’”]*$/.test(trimmed) && !/(?:\.\.\.|…)["')\]’”]*$/.test(trimmed) && hasBalancedQuotes(trimmed)
  );
}

/** Whether a sentence reads as unscripted talk (false starts, "you know", trailing off). */
export function isDisfluent(text: string): boolean {
  return DISFLUENCY.test(text);
}

const NUMBER =
  /\b(?:\d[\d,.]*%?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|percent|half|twice|double|triple)\b)/i;
const CAUSE =
  /\b(?:because|since|so that|due to|leads? to|led to|causes?|caused|results? in|means? that|that's why|which is why|the reason|depends on|affects?|increases?|decreases?|reduces?|raises?|lowers?|blocks?|prevents?|triggers?|makes? (?:you|us|people))\b/i;
const ADVICE =
  /\b(?:should|shouldn't|need to|needs to|have to|must|recommend|try to|avoid|make sure|the (?:best|key|trick|goal) is|it's (?:important|better|best)|limit|at most|no more than|up to)\b|(?:^|[,;:]\s*)(?:just |please )?don't\b|\byou don't (?:have|need) to\b/i;
const DEFINITION =
  /\b(?:is|are|was|were) (?:a|an|the|called|known as|defined as)\b|\bmeans\b|\bstands for\b/i;
const COMPARISON =
  /\b(?:more|less|fewer|better|worse|higher|lower|larger|smaller|faster|slower)\b.*\bthan\b/i;

/** How much a sentence claims: numbers, causes, advice, definitions and comparisons each count. */
export function claimStrength(text: string): number {
  return [NUMBER, CAUSE, ADVICE, DEFINITION, COMPARISON].filter((pattern) => pattern.test(text)).length;
}

const REFERRING =
  /\b(?:i|me|my|you|your|we|us|our|they|them|their|it|that|this|these|those|he|she|him|her|stuff|things?)\b/gi;

/** Share of a sentence's words that point at the speakers or at something said before (0–1). */
export function referenceLoad(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length || 1;
  return (text.match(REFERRING) ?? []).length / words;
}

/** Words that stand for something said before: before any noun, they leave the sentence hanging. */
const ANAPHORS = new Set("it they them he she him her this that these those then there".split(" "));
const INDEFINITE = /^(?:every|some|any|no)(?:one|body|thing)$/;

/** "someone", "nothing", "none": pronouns that stand for no particular thing. */
export function isIndefinitePronoun(word: string): boolean {
  const lower = word.trim().toLowerCase();
  return lower === "none" || INDEFINITE.test(lower);
}

/** "mine", "ours": a possessive pronoun's spelling, which a reader takes as the pronoun in a blank. */
export function isPossessivePronoun(word: string): boolean {
  return /^(?:mine|yours|ours|hers|theirs)$/i.test(word.trim());
}
/** Parts of speech a verb's subject is. */
const SUBJECT_TAGS = new Set<string>(["PRON", "NOUN", "PROPN"]);

/**
 * Whether a sentence read alone still hangs on the talk around it, by its parts of speech: no verb
 * at all ("Sally Ride of, America's first woman in space, in 2016."); no subject ("Moved back…");
 * someone addressed by name ("Daniel, …"); or "it", "that", "then", "there"… before any noun names what they stand for ("Maybe it
 * looks like yoga", "Since then, …"). A dummy "it" ("It's important to…") points nowhere.
 */
export function hangsOnContext(text: string, tagged: TaggedToken[] = tagText(text)): boolean {
  const tokens = tagged.filter((token) => token.pos !== "PUNCT" && token.pos !== "SPACE");
  // Spoken "like" ("Just like bad for like four different reasons.") is tagged a verb; it is one
  // only after its subject ("People like it.").
  const isVerb = (token: TaggedToken, i: number) =>
    (token.pos === "VERB" || token.pos === "AUX") &&
    (token.lower !== "like" || SUBJECT_TAGS.has(tokens[i - 1]?.pos ?? ""));
  if (!tokens.some(isVerb)) return true;
  // Only "-ing" forms and no auxiliary: a fragment ("In a big room, and doing a podcast.").
  if (tokens.every((token, i) => !isVerb(token, i) || (token.pos === "VERB" && token.lower.endsWith("ing"))))
    return true;
  const first = tokens[0];
  if (first?.pos === "PROPN" && /^\s*,/.test(text.slice(first.offset + first.value.length))) return true;
  // A past or -ing verb first has lost its subject ("Moved back to the area when…"); so has a
  // statement that opens on "is" or "has" ("Is building a data team in a company.").
  if (first?.pos === "VERB" && /(?:ed|ing)$/.test(first.lower)) return true;
  // …and a third-person verb first ("Tells us maybe season two we should revisit SLOs.").
  if (first?.pos === "VERB" && /[^su]s$/.test(first.lower)) return true;
  if (first && /^(?:is|are|was|were|am|has|had|does|did)$/.test(first.lower)) return true;
  for (const [i, token] of tokens.entries()) {
    if (token.pos === "NOUN" || token.pos === "PROPN" || INDEFINITE.test(token.lower)) return false;
    if (token.lower === "it" && /^(?:'s|is|was)$/.test(tokens[i + 1]?.lower ?? "")) continue;
    if (ANAPHORS.has(token.lower)) return true;
  }
  return false;
}

/** Words that set a story at its moment: "last Friday", "years ago", "when I was…". */
const STORY_TIME =
  /\b(?:last (?:week|weekend|night|month|year|summer|winter|spring|fall|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|the other day|once upon a time|(?:a (?:few|couple of) |\w+ )?(?:days|weeks|months|years) ago|when (?:i|we|he|she) (?:was|were)|back then|growing up|this morning)\b/i;
/** Auxiliaries of the present and modals: what a claim about the world is said in. */
const PRESENT_AUX = new Set(
  "is are am 's 're 'm do does has have 've can could will 'll would 'd may might must should shall".split(
    " ",
  ),
);
const PAST_AUX = new Set(["was", "were", "had", "did"]);
/** Who a told story is about: the speaker or someone they tell of. */
const STORY_SUBJECT = new Set(["i", "my", "he", "she", "his", "her"]);
const TELLER = /\b(?:i|my|he|she|his|her)\b/i;

/**
 * Whether a sentence tells a moment of someone's story ("Last Friday my son, four years old, is now
 * a bike rider.", "I went to my doctor and she told me…") rather than claims something about the
 * world: a time that sets a scene, or every verb in the past with the speaker or someone they tell
 * of as its subject. Anecdotes bring a point to life; they are rarely the point. A past told of a
 * name ("Ebbinghaus published…") or of "we" (a company's story) is often the content itself.
 */
export function tellsAnAnecdote(text: string, tagged?: LemmaToken[]): boolean {
  if (STORY_TIME.test(text)) return true;
  // The tagger is the costly part: no teller, no story to tag for.
  if (!TELLER.test(text)) return false;
  const tokens = (tagged ?? tagWithLemmas(text)).filter(
    (token) => token.pos !== "PUNCT" && token.pos !== "SPACE",
  );
  const subject = tokens.find((token) => SUBJECT_TAGS.has(token.pos));
  if (!subject || !STORY_SUBJECT.has(subject.lower)) return false;
  let isPast = false;
  for (const [i, token] of tokens.entries()) {
    if (token.pos === "AUX") {
      if (PRESENT_AUX.has(token.lower)) return false;
      if (PAST_AUX.has(token.lower)) isPast = true;
      continue;
    }
    if (token.pos !== "VERB") continue;
    const before = tokens[i - 1];
    // A verb after an auxiliary or "to" takes its tense from them.
    if (before?.pos === "AUX" || before?.pos === "PART" || before?.lower === "to") continue;
    // "went", "told", "started": a form other than the lemma that is not "-s" or "-ing".
    if (token.lower !== token.lemma && !/(?:s|ing)$/.test(token.lower)) isPast = true;
    else return false;
  }
  return isPast;
}
