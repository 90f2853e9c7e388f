/**
 * The eight knowledge themes (spec 3 §9). Episodes are categorised into themes by their topics and
 * concept phrases, and quiz questions count towards a theme through their concept tags. The keyword
 * lists are ours (docs/decisions/010-learning-engine.md lists them); names, icons and keywords are not
 * shown in the UI as such.
 */
export const knowledgeThemeIds = [
  "ai-tech",
  "philosophy",
  "geopolitics",
  "personal-growth",
  "business",
  "science",
  "society",
  "existential",
] as const;
export type KnowledgeThemeId = (typeof knowledgeThemeIds)[number];

export type KnowledgeTheme = {
  id: KnowledgeThemeId;
  name: string;
  /** A lucide icon name (kebab-case, as lucide-react's DynamicIcon takes it). */
  icon: string;
  description: string;
  keywords: readonly string[];
};

export const knowledgeThemes: readonly KnowledgeTheme[] = [
  {
    id: "ai-tech",
    name: "AI & Technology",
    icon: "cpu",
    description: "How artificial intelligence, computers and the technology industry work.",
    keywords: [
      "artificial intelligence",
      "ai",
      "machine learning",
      "deep learning",
      "neural network",
      "language model",
      "llm",
      "chatbot",
      "transformer",
      "attention mechanism",
      "self-attention",
      "hallucination",
      "algorithm",
      "software",
      "computer",
      "computing",
      "chip",
      "semiconductor",
      "transistor",
      "gpu",
      "robot",
      "robotics",
      "automation",
      "internet",
      "technology",
      "programming",
      "cybersecurity",
      "encryption",
      "training data",
      "token",
    ],
  },
  {
    id: "philosophy",
    name: "Philosophy",
    icon: "scroll-text",
    description: "Ethics, schools of thought and the ideas of philosophers, old and new.",
    keywords: [
      "philosophy",
      "philosopher",
      "stoicism",
      "stoic",
      "ethics",
      "moral",
      "morality",
      "virtue",
      "seneca",
      "epictetus",
      "marcus aurelius",
      "socrates",
      "plato",
      "aristotle",
      "kant",
      "logic",
      "metaphysics",
      "free will",
      "wisdom",
      "dichotomy of control",
      "existentialism",
      "utilitarianism",
      "thought experiment",
      "longtermism",
      "moral obligation",
    ],
  },
  {
    id: "geopolitics",
    name: "Geopolitics",
    icon: "globe",
    description: "Power between nations: empires, wars, borders, alliances and strategic industries.",
    keywords: [
      "geopolitics",
      "empire",
      "nation",
      "war",
      "cold war",
      "nuclear weapon",
      "arms race",
      "deterrence",
      "mutually assured destruction",
      "treaty",
      "diplomacy",
      "sanction",
      "export control",
      "supply chain",
      "map",
      "cartography",
      "mercator",
      "border",
      "territory",
      "colonial",
      "colonialism",
      "superpower",
      "alliance",
      "sovereignty",
      "military",
      "taiwan",
      "soviet union",
    ],
  },
  {
    id: "personal-growth",
    name: "Personal Growth",
    icon: "sprout",
    description: "Learning, habits, focus and the practices that help people improve themselves.",
    keywords: [
      "personal growth",
      "self-improvement",
      "habit",
      "productivity",
      "learning",
      "memory",
      "forgetting curve",
      "spaced repetition",
      "retrieval practice",
      "study",
      "mindset",
      "discipline",
      "focus",
      "motivation",
      "resilience",
      "anxiety",
      "stress",
      "emotion",
      "journaling",
      "meditation",
      "goal",
      "routine",
      "sleep",
      "wellbeing",
      "happiness",
    ],
  },
  {
    id: "business",
    name: "Business & Money",
    icon: "briefcase",
    description: "Companies, markets, products, investing and personal finance.",
    keywords: [
      "business",
      "startup",
      "entrepreneur",
      "company",
      "industry",
      "market",
      "marketing",
      "customer",
      "product",
      "revenue",
      "profit",
      "pricing",
      "strategy",
      "investing",
      "investment",
      "investor",
      "money",
      "finance",
      "fee",
      "index fund",
      "compound interest",
      "compounding",
      "stock",
      "economy",
      "economics",
      "manufacturing",
      "foundry",
      "small bet",
      "minimum viable product",
      "landing page",
    ],
  },
  {
    id: "science",
    name: "Science",
    icon: "flask-conical",
    description: "Discoveries and methods of the natural sciences, medicine and psychology.",
    keywords: [
      "science",
      "scientist",
      "physics",
      "biology",
      "chemistry",
      "astronomy",
      "universe",
      "galaxy",
      "planet",
      "star",
      "evolution",
      "experiment",
      "research",
      "vaccine",
      "immune system",
      "antibody",
      "virus",
      "disease",
      "medicine",
      "epidemiology",
      "neuroscience",
      "psychology",
      "psychologist",
      "ebbinghaus",
      "climate",
      "energy",
      "drake equation",
      "mathematics",
      "statistics",
      "probability",
    ],
  },
  {
    id: "society",
    name: "Society & Culture",
    icon: "users",
    description: "How people live and decide together: communities, institutions, cooperation and history.",
    keywords: [
      "society",
      "social",
      "culture",
      "community",
      "public health",
      "herd immunity",
      "vaccination",
      "inequality",
      "democracy",
      "politics",
      "policy",
      "law",
      "education",
      "cooperation",
      "trust",
      "institution",
      "media",
      "misinformation",
      "history",
      "religion",
      "game theory",
      "prisoner's dilemma",
      "tit for tat",
      "norm",
      "population",
    ],
  },
  {
    id: "existential",
    name: "The Big Questions",
    icon: "orbit",
    description: "Existential risk, the long-term future, life in the universe and the meaning of it all.",
    keywords: [
      "existential",
      "existential risk",
      "extinction",
      "catastrophe",
      "long-term future",
      "future generation",
      "longtermism",
      "meaning of life",
      "death",
      "mortality",
      "fermi paradox",
      "great filter",
      "alien",
      "extraterrestrial",
      "civilization",
      "asteroid",
      "pandemic",
      "nuclear war",
      "ai safety",
      "alignment",
      "simulation",
      "cosmos",
      "consciousness",
      "purpose",
    ],
  },
];

export function isKnowledgeThemeId(value: string): value is KnowledgeThemeId {
  return (knowledgeThemeIds as readonly string[]).includes(value);
}

/**
 * Lower case, punctuation to spaces, and a light plural fold per word ("models" → "model",
 * "empires" → "empire") applied to tags and keywords alike, so both sides compare in one form.
 */
function normalizeTerm(value: string): string {
  return value
    .toLowerCase()
    .replace(/['’]s\b/g, "s")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word))
    .join(" ");
}

const normalizedKeywords = knowledgeThemes.map((theme) => ({
  id: theme.id,
  keywords: theme.keywords.map(normalizeTerm).filter(Boolean),
}));

/**
 * How many of the tags match each theme. A tag matches a keyword when, case-insensitively, it equals
 * the keyword or contains it as whole words ("large language model" contains "language model"). The
 * other direction (a tag contained in a keyword) is not used: short tags such as "learning" would
 * otherwise match "machine learning".
 */
export function scoreThemes(tags: readonly string[]): { id: KnowledgeThemeId; hits: number }[] {
  const padded = tags.map((tag) => ` ${normalizeTerm(tag)} `).filter((tag) => tag.trim());
  return normalizedKeywords.map(({ id, keywords }) => ({
    id,
    hits: padded.filter((tag) => keywords.some((keyword) => tag.includes(` ${keyword} `))).length,
  }));
}

/** Theme ids (in the fixed theme order) that at least one tag matches; see scoreThemes. */
export function matchThemes(tags: readonly string[]): KnowledgeThemeId[] {
  return scoreThemes(tags)
    .filter((score) => score.hits > 0)
    .map((score) => score.id);
}
