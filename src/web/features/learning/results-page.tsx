import { Link } from "@tanstack/react-router";
import { CircleCheck, CircleX, Flame, PartyPopper, RotateCcw, Sparkles, Target, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import type { QuizResults } from "~/domain/contract/quiz";
import { resultTier } from "~/domain/quiz-score";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { usePageMeta } from "~/web/lib/page-meta";
import { useQuizResults } from "./quiz-api";
import { QuizFrame, QuizHeading } from "./quiz-layout";
import { ResultsShare } from "./results-share";

/** The share text names score and accuracy (spec 2 §2 Results). */
export function shareText(results: QuizResults): string {
  return `I scored ${results.score} points with ${Math.round(results.accuracy)}% accuracy on the "${results.episode.title}" quiz on Earmark.`;
}

/**
 * /results/{episodeId} (spec 2 §2 Results, §9): the learner's latest finished quiz at the episode,
 * read from the server so a reload shows it again.
 */
export function ResultsPage({ episodeId }: { episodeId: string }) {
  const results = useQuizResults(episodeId);
  const isMissing =
    isApiError(results.error) && (results.error.status === 404 || results.error.status === 400);
  usePageMeta({
    title: results.data ? `Results: ${results.data.episode.title}` : "Quiz results",
    description: "Your quiz score, accuracy and the XP you earned.",
  });

  if (results.isPending) return <ResultsSkeleton />;
  if (isMissing) {
    return (
      <QuizFrame>
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
            <Trophy aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-semibold">No results yet</h1>
          <p className="max-w-sm text-sm text-muted-foreground">
            Finish this episode's quiz and your score, accuracy and XP will be here.
          </p>
          <Link
            to="/quiz/$episodeId"
            params={{ episodeId }}
            className={buttonVariants({ className: "mt-2" })}
          >
            Take the quiz
          </Link>
        </div>
      </QuizFrame>
    );
  }
  if (results.isError) {
    return (
      <QuizFrame>
        <LoadError
          title="We couldn't load your results"
          className="py-12"
          onRetry={() => void results.refetch()}
        >
          {results.error.message}
        </LoadError>
      </QuizFrame>
    );
  }
  return <ResultsContent results={results.data} />;
}

function ResultsSkeleton() {
  return (
    <QuizFrame>
      <span className="sr-only" role="status">
        Loading your results
      </span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-10 w-3/4" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-48 w-full rounded-2xl" />
    </QuizFrame>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-border bg-card p-4 shadow-sm">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function ResultsContent({ results }: { results: QuizResults }) {
  const accuracy = Math.round(results.accuracy);
  const tier = resultTier(results.accuracy);
  const isLevelUp = results.levelAfter > results.levelBefore;
  const episodeUrl = `${window.location.origin}/episode/${results.episode.id}`;

  return (
    <QuizFrame>
      <QuizHeading
        episodeId={results.episode.id}
        eyebrow={`Quiz results · ${results.episode.podcastName}`}
        title={results.episode.title}
      />

      {isLevelUp && (
        <div
          role="status"
          className="flex items-center gap-3 rounded-2xl border border-accent bg-accent/15 p-4 motion-safe:animate-[bounce_1s_ease-in-out_2]"
        >
          <PartyPopper
            aria-hidden="true"
            className="size-8 shrink-0 text-accent-foreground dark:text-accent"
          />
          <div>
            <p className="font-semibold">Level up! You reached level {results.levelAfter}.</p>
            <p className="text-sm text-muted-foreground">
              Keep going: every quiz brings the next level closer.
            </p>
          </div>
        </div>
      )}

      <section aria-labelledby="tier-heading" className="flex flex-col gap-1 text-center">
        <h2 id="tier-heading" className="text-xl font-semibold">
          {tier.title}
        </h2>
        <p className="text-muted-foreground">{tier.message}</p>
      </section>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat
          icon={<Trophy aria-hidden="true" className="size-3.5" />}
          label="Score"
          value={String(results.score)}
        />
        <Stat
          icon={<Target aria-hidden="true" className="size-3.5" />}
          label="Accuracy"
          value={`${accuracy}%`}
        />
        <Stat
          icon={<Sparkles aria-hidden="true" className="size-3.5" />}
          label="Total XP"
          value={`+${results.xpEarned}`}
        />
        <Stat
          icon={<Flame aria-hidden="true" className="size-3.5" />}
          label="Max combo"
          value={`${results.maxCombo}×`}
        />
      </dl>
      <p className="-mt-3 text-center text-sm text-muted-foreground">
        {results.correctCount} of {results.questionCount} correct
      </p>
      {results.answers.some((answer) => answer.isCorrect && answer.xpAwarded === 0) && (
        <p className="rounded-xl border border-border bg-muted/60 px-4 py-3 text-center text-sm">
          No XP for questions you had already earned — review them when they're due.
        </p>
      )}

      <ResultsShare text={shareText(results)} url={episodeUrl} />

      <section aria-labelledby="answers-heading" className="flex flex-col gap-3">
        <h2 id="answers-heading" className="text-base font-semibold">
          Your answers
        </h2>
        <ol className="flex flex-col gap-2">
          {results.answers.map((answer, index) => (
            <li
              key={answer.questionId}
              className={cn(
                "flex gap-3 rounded-xl border bg-card p-3 text-sm",
                answer.isCorrect ? "border-border" : "border-destructive/40",
              )}
            >
              {answer.isCorrect ? (
                <CircleCheck aria-label="Correct" className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <CircleX aria-label="Wrong" className="mt-0.5 size-4 shrink-0 text-destructive" />
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="font-medium break-words">
                  {index + 1}. {answer.stem}
                </p>
                <p className="break-words text-muted-foreground">
                  {answer.isCorrect ? answer.correctAnswer : `${answer.choice} → ${answer.correctAnswer}`}
                </p>
              </div>
              <span className="shrink-0 text-xs font-semibold tabular-nums">+{answer.xpAwarded} XP</span>
            </li>
          ))}
        </ol>
      </section>

      <nav aria-label="What next" className="flex flex-wrap gap-2">
        <Link to="/review" className={buttonVariants()}>
          <RotateCcw aria-hidden="true" />
          Review cards
        </Link>
        <Link
          to="/quiz/$episodeId"
          params={{ episodeId: results.episode.id }}
          className={buttonVariants({ variant: "outline" })}
        >
          Retake quiz
        </Link>
      </nav>
    </QuizFrame>
  );
}
