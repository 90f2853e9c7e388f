/** Plans and their contents (spec 3 §1, §6, §9). Prices are in Swedish kronor. */
export const PLUS_PRICE_SEK_PER_MONTH = 79;
export const PLUS_TRIAL_DAYS = 14;
export const MONEY_BACK_GUARANTEE_DAYS = 14;

export type PlanId = "free" | "plus";

export type Plan = {
  id: PlanId;
  name: string;
  priceSek: number;
  tagline: string;
  features: readonly string[];
};

export const plans: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    priceSek: 0,
    tagline: "Everything you need to start learning from the podcasts you love.",
    features: [
      "Import podcasts and transcripts",
      "Mindmaps for every episode",
      "Learning checkpoints",
      "Friends and challenges",
      "Basic analytics",
    ],
  },
  plus: {
    id: "plus",
    name: "Plus",
    priceSek: PLUS_PRICE_SEK_PER_MONTH,
    tagline: "For listeners who want to remember everything worth remembering.",
    features: [
      "Unlimited podcasts and checkpoints",
      "Personal spaced repetition",
      "Notion and Readwise export",
      "Full Deep Dives",
      "Advanced mindmaps",
      "Detailed analytics",
      "AI questions about episodes",
      "Priority support",
      "Early access to new features",
    ],
  },
};

/** Premium (Plus) means a premium role row exists (spec 3 §4). */
export const isPremium = (roles: readonly string[]) => roles.includes("premium");
