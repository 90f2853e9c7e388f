import { Link, useNavigate } from "@tanstack/react-router";
import { CircleCheck, Eye, PartyPopper, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import type { ReviewCard } from "~/domain/contract/review";
import { nextIntervalDays, reviewButtons } from "~/domain/spaced-repetition";
import { LoadError } from "~/web/components/load-error";
import { PageFrame } from "~/web/components/page-frame";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { cn } from "~/web/lib/cn";
import { usePageMeta } from "~/web/lib/page-meta";
import { useDueCards, useRateCard, useReviewDone } from "./review-api";

const LOAD_FAILED = "Failed to load review cards";
const RATE_FAILED = "Failed to update card schedule";
/** After the last card the app goes to /profile after 2 seconds (spec 2 §4). */
const DONE_REDIRECT_MS = 2000;

const days = (count: number) => `${count} day${count === 1 ? "" : "s"}`;

/** /review (spec 2 §2 Review, §4 review card flow): up to 20 due cards, one at a time. */
export function ReviewPage() {
  usePageMeta({
    title: "Review",
    description: "Spaced-repetition review of the questions that are due, so what you learn stays learned.",
  });
  const deck = useDueCards();

  useEffect(() => {
    if (deck.isError) notify.error(LOAD_FAILED, deck.error.message);
  }, [deck.isError, deck.error]);

  return (
    <PageFrame width="narrow">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Review</h1>
        <p className="text-sm text-muted-foreground">
          Recall each answer before you reveal it, then say how well you knew it.
        </p>
      </header>
      {deck.isPending ? (
        <ReviewSkeleton />
      ) : deck.isError ? (
        <LoadError onRetry={() => void deck.refetch()}>{LOAD_FAILED}</LoadError>
      ) : deck.data.cards.length === 0 ? (
        <NothingDue />
      ) : (
        <ReviewSession cards={deck.data.cards} />
      )}
    </PageFrame>
  );
}

function ReviewSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        Loading your review cards
      </span>
      <Skeleton className="h-2 w-full rounded-full" />
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}

function NothingDue() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
        <CircleCheck aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">All caught up</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        No cards are due right now. Take a quiz to add new ones, or come back when these are due again.
      </p>
      <Link to="/search" className={buttonVariants({ className: "mt-2" })}>
        Find an episode
      </Link>
    </div>
  );
}

function ReviewSession({ cards }: { cards: ReviewCard[] }) {
  const [index, setIndex] = useState(0);
  const [isRevealed, setRevealed] = useState(false);
  const [xpEarned, setXpEarned] = useState(0);
  const rate = useRateCard();
  const onDone = useReviewDone();
  const navigate = useNavigate();
  const isDone = index >= cards.length;

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => void navigate({ to: "/profile" }), DONE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isDone, navigate]);

  if (isDone) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-14 text-center shadow-sm"
      >
        <PartyPopper aria-hidden="true" className="size-10 text-primary" />
        <h2 className="text-xl font-semibold">Review complete!</h2>
        <p className="text-sm text-muted-foreground">
          You reviewed {cards.length} card{cards.length === 1 ? "" : "s"} and earned {xpEarned} XP. Taking you
          to your profile…
        </p>
      </div>
    );
  }

  const card = cards[index] as ReviewCard;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-medium">
            Card {index + 1} of {cards.length}
          </span>
          <span className="text-muted-foreground" aria-live="polite">
            +{xpEarned} XP
          </span>
        </p>
        <ProgressBar
          label="Review progress"
          value={index}
          max={cards.length}
          valueText={`${index} of ${cards.length} reviewed`}
          className="h-2"
          indicatorClassName="transition-[width] duration-300"
        />
      </div>

      <article
        key={card.id}
        aria-labelledby={`card-${card.id}`}
        className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      >
        <p className="text-xs text-muted-foreground">
          <span className="font-medium">{card.podcast.name}</span>
          <span aria-hidden="true"> · </span>
          <Link
            to="/episode/$episodeId"
            params={{ episodeId: card.episode.id }}
            className="rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {card.episode.title}
          </Link>
        </p>
        <h2 id={`card-${card.id}`} className="text-lg leading-snug font-semibold text-balance sm:text-xl">
          {card.question.stem}
        </h2>
        <ul className="flex flex-col gap-2" aria-label="Choices">
          {card.question.choices.map((choice) => {
            const isAnswer = isRevealed && choice === card.question.answer;
            return (
              <li
                key={choice}
                className={cn(
                  "flex items-center gap-2 rounded-xl border border-border px-4 py-2.5 text-sm break-words",
                  isAnswer && "border-success bg-success/10 font-medium",
                )}
              >
                <span className="min-w-0 flex-1">{choice}</span>
                {isAnswer && <CircleCheck aria-label="Answer" className="size-4 shrink-0 text-success" />}
              </li>
            );
          })}
        </ul>

        {isRevealed ? (
          <div className="flex flex-col gap-4">
            <div aria-live="polite" className="rounded-xl bg-muted/60 p-4 text-sm">
              <p>
                Answer: <strong>{card.question.answer}</strong>
              </p>
              {card.question.explanation && (
                <p className="mt-1 text-muted-foreground">{card.question.explanation}</p>
              )}
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons (a fieldset is for form inputs). */}
            <div role="group" aria-label="How well did you know it?" className="grid grid-cols-3 gap-2">
              {reviewButtons.map(({ grade, label }) => (
                <Button
                  key={grade}
                  variant={grade === 1 ? "outline" : grade === 3 ? "secondary" : "default"}
                  className="h-auto flex-col gap-0.5 py-2"
                  aria-label={grade === 1 ? label : `${label}, ${days(nextIntervalDays(card, grade))}`}
                  disabled={rate.isPending}
                  onClick={() =>
                    rate.mutate(
                      { cardId: card.id, grade },
                      {
                        onSuccess: (result) => {
                          setXpEarned((total) => total + result.xpAwarded);
                          setRevealed(false);
                          setIndex(index + 1);
                          if (index + 1 >= cards.length) onDone();
                        },
                        onError: (error) => notify.error(RATE_FAILED, error.message),
                      },
                    )
                  }
                >
                  <span className="flex items-center gap-1.5">
                    {rate.isPending && rate.variables?.grade === grade && <Spinner />}
                    {label}
                  </span>
                  {grade !== 1 && (
                    <span className="text-xs font-normal opacity-80">
                      {days(nextIntervalDays(card, grade))}
                    </span>
                  )}
                </Button>
              ))}
            </div>
          </div>
        ) : (
          <Button className="self-center" onClick={() => setRevealed(true)}>
            <Eye aria-hidden="true" />
            Show Answer
          </Button>
        )}
      </article>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <RotateCcw aria-hidden="true" className="size-3" />
        Again brings the card back tomorrow (1 XP); Good and Easy earn 2 XP and show when you'll see it next.
      </p>
    </div>
  );
}
