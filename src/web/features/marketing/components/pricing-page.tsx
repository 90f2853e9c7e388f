import { Link } from "@tanstack/react-router";
import { Check, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { isPremium, MONEY_BACK_GUARANTEE_DAYS, PLUS_TRIAL_DAYS, type Plan, plans } from "~/domain/plans";
import { buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { useSession } from "~/web/lib/session";
import { BackToHome } from "./back-to-home";

const formatSek = (amount: number) => `SEK ${amount}`;

/**
 * /pricing (spec 3 §2, §9). `upgradeAction` is the Plus card's button for everyone who is not Plus
 * yet (the route supplies the account feature's checkout button); a Plus member sees their plan.
 */
export function PricingPage({ upgradeAction }: { upgradeAction: ReactNode }) {
  const { session, isSignedIn, isResolving } = useSession();
  const premium = isPremium(session?.roles ?? []);

  const currentPlan = (
    <p className="flex h-11 w-full items-center justify-center gap-2 rounded-md border border-border text-sm font-medium text-muted-foreground">
      <Check aria-hidden="true" className="size-4" />
      Your current plan
    </p>
  );
  const loading = <Skeleton className="h-11 w-full" />;

  let freeAction: ReactNode;
  let plusAction: ReactNode;
  if (isResolving) {
    freeAction = loading;
    plusAction = loading;
  } else {
    if (!isSignedIn) {
      freeAction = (
        <Link
          to="/auth"
          search={{ mode: "sign-up" }}
          className={buttonVariants({ size: "lg", variant: "outline", className: "w-full" })}
        >
          Get Started
        </Link>
      );
    } else {
      freeAction = premium ? null : currentPlan;
    }
    plusAction = premium ? (
      <div className="flex flex-col gap-2">
        {currentPlan}
        <Link
          to="/account"
          className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Manage your plan
        </Link>
      </div>
    ) : (
      upgradeAction
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToHome />
      <header className="mx-auto mt-6 flex max-w-2xl flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">
          Simple pricing for lasting learning
        </h1>
        <p className="text-base text-pretty text-muted-foreground sm:text-lg">
          Start free and upgrade when you want to remember everything. No ads, ever.
        </p>
      </header>

      <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        <PlanCard plan={plans.free} period="forever" note="No card needed" action={freeAction} />
        <PlanCard
          plan={plans.plus}
          period="/month"
          highlight
          note={`First ${PLUS_TRIAL_DAYS / 7} weeks free`}
          lead="Everything in Free, plus:"
          action={plusAction}
        />
      </div>

      <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
        All plans include a {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee
      </p>
      <p className="mt-2 text-center text-sm text-muted-foreground">
        Questions?{" "}
        <Link to="/faq" className="font-medium text-primary underline-offset-4 hover:underline">
          Read the FAQ
        </Link>
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  period,
  note,
  lead,
  highlight = false,
  action,
}: {
  plan: Plan;
  period: string;
  note: string;
  lead?: string;
  highlight?: boolean;
  action: ReactNode;
}) {
  const headingId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
        highlight ? "border-primary shadow-lg shadow-primary/10 ring-1 ring-primary" : "border-border",
      )}
    >
      {highlight && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground shadow-sm">
          Popular
        </p>
      )}
      <h2 id={headingId} className="text-xl font-semibold">
        {plan.name}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{plan.tagline}</p>
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-4xl font-semibold tracking-tight tabular-nums">{formatSek(plan.priceSek)}</span>
        <span className="text-sm text-muted-foreground">{period}</span>
      </p>
      <p className={cn("mt-1 text-sm font-medium", highlight ? "text-primary" : "text-muted-foreground")}>
        {note}
      </p>
      <div className="mt-6">{action}</div>
      {lead && <p className="mt-6 text-sm font-medium">{lead}</p>}
      <ul className={cn("flex flex-col gap-3 text-sm", lead ? "mt-3" : "mt-6")}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
