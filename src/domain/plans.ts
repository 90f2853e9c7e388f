/** Plans and their contents (spec 3 §1, §6, §9). Prices are in Swedish kronor. */
export const PLUS_PRICE_SEK_PER_MONTH = 79;
export const PLUS_TRIAL_DAYS = 14;
export const MONEY_BACK_GUARANTEE_DAYS = 14;
/** Ask AI questions per 24 hours on the Free plan; Plus has no plan limit (see `entitlements`). */
export const FREE_ASK_QUESTIONS_PER_DAY = 10;

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
      `Ask AI: ${FREE_ASK_QUESTIONS_PER_DAY} questions a day`,
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

/** Stripe's subscription states (mirrored verbatim in the subscriptions table). */
export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * How long a subscription whose renewal payment failed (past_due) keeps Plus, counted from the end
 * of the period that was paid for. Stripe retries the card meanwhile and moves the subscription to
 * canceled or unpaid when it gives up, which ends Plus at once.
 */
export const PAST_DUE_GRACE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The plan a subscription gives (decision 030): trialing and active are Plus; past_due is Plus until
 * PAST_DUE_GRACE_DAYS after the period end; everything else (canceled, unpaid, incomplete,
 * incomplete_expired, paused) is Free.
 */
export function planForSubscription(
  subscription: { status: SubscriptionStatus; currentPeriodEnd: Date | null } | null,
  now: Date = new Date(),
): PlanId {
  if (!subscription) return "free";
  switch (subscription.status) {
    case "trialing":
    case "active":
      return "plus";
    case "past_due": {
      if (!subscription.currentPeriodEnd) return "plus";
      const graceEnds = subscription.currentPeriodEnd.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS;
      return now.getTime() < graceEnds ? "plus" : "free";
    }
    default:
      return "free";
  }
}

/**
 * What each plan may do, decided here once and enforced by the services. `null` means no plan limit
 * (abuse limits still apply to everyone).
 */
export const entitlements: Record<PlanId, { askQuestionsPerDay: number | null }> = {
  free: { askQuestionsPerDay: FREE_ASK_QUESTIONS_PER_DAY },
  plus: { askQuestionsPerDay: null },
};

export const entitlementsFor = (roles: readonly string[]) => entitlements[isPremium(roles) ? "plus" : "free"];

export const planNotices = {
  /** `wait` is how long until the window resets ("3 hours"). */
  askLimitReached: (wait: string) =>
    `You've asked ${entitlements.free.askQuestionsPerDay} questions in the last day, the Free plan's limit. Upgrade to Plus for unlimited questions, or ask again in ${wait}.`,
} as const;
