import { describe, expect, it } from "vitest";
import { entitlementsFor, PAST_DUE_GRACE_DAYS, planForSubscription, SUBSCRIPTION_STATUSES } from "./plans.ts";

const now = new Date("2026-11-26T12:00:00Z");
const daysFromNow = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

describe("planForSubscription", () => {
  it("is Free without a subscription", () => {
    expect(planForSubscription(null, now)).toBe("free");
  });

  it("maps every status to a plan", () => {
    const plans = Object.fromEntries(
      SUBSCRIPTION_STATUSES.map((status) => [
        status,
        planForSubscription({ status, currentPeriodEnd: daysFromNow(10) }, now),
      ]),
    );
    expect(plans).toEqual({
      incomplete: "free",
      incomplete_expired: "free",
      trialing: "plus",
      active: "plus",
      past_due: "plus",
      canceled: "free",
      unpaid: "free",
      paused: "free",
    });
  });

  it("keeps Plus for past_due only during the grace period after the period end", () => {
    const pastDue = (end: Date | null) =>
      planForSubscription({ status: "past_due", currentPeriodEnd: end }, now);
    expect(pastDue(daysFromNow(-(PAST_DUE_GRACE_DAYS - 1)))).toBe("plus");
    expect(pastDue(daysFromNow(-(PAST_DUE_GRACE_DAYS + 1)))).toBe("free");
    expect(pastDue(null)).toBe("plus");
  });
});

describe("entitlementsFor", () => {
  it("limits Free users' daily questions and not Plus members'", () => {
    expect(entitlementsFor([]).askQuestionsPerDay).toBe(10);
    expect(entitlementsFor(["admin"]).askQuestionsPerDay).toBe(10);
    expect(entitlementsFor(["premium"]).askQuestionsPerDay).toBeNull();
  });
});
