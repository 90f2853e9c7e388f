import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { BrainCircuit, Flame, Home, LogIn, RefreshCw, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import type { Quiz, QuizAttempt } from "~/domain/contract/quiz";
import { XP_UPDATE_FAILED } from "~/domain/xp";
import { LoadError } from "~/web/components/load-error";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { playEpisode } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { useSession } from "~/web/lib/session";
import {
  useFinishQuiz,
  useGenerateQuestions,
  useQuiz,
  useQuizAttempt,
  useServeQuestion,
  useSubmitAnswer,
} from "./quiz-api";
import { QuizFrame, QuizHeading } from "./quiz-layout";
import { QuestionCard } from "./quiz-question";

const GENERATION_FAILED = "Generation Failed";
const GENERATION_FAILED_DETAIL = "Unable to generate quiz. Please try again.";
const toastGenerationFailure = { onError: () => notify.error(GENERATION_FAILED, GENERATION_FAILED_DETAIL) };

/** /quiz/{episodeId} and /quiz?episodeId= (spec 2 §2 Quiz, §4 quiz_status and question flow). */
export function QuizPage({ episodeId }: { episodeId: string }) {
  const quiz = useQuiz(episodeId);
  const isMissing = isApiError(quiz.error) && (quiz.error.status === 404 || quiz.error.status === 400);
  usePageMeta({
    title: quiz.data ? `Quiz: ${quiz.data.episode.title}` : isMissing ? "Episode not found" : "Quiz",
    description: "Answer questions about the episode, rate your confidence and earn XP.",
  });

  if (quiz.isPending) return <QuizSkeleton />;
  if (isMissing) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Episode not found</h1>
        <p className="max-w-md text-muted-foreground">There is no quiz here: this episode does not exist.</p>
        <Link to="/" className={buttonVariants({ className: "mt-2" })}>
          <Home aria-hidden="true" />
          Go Home
        </Link>
      </div>
    );
  }
  if (quiz.isError) {
    return (
      <QuizFrame>
        <LoadError title="We couldn't load this quiz" className="py-12" onRetry={() => void quiz.refetch()}>
          {quiz.error.message}
        </LoadError>
      </QuizFrame>
    );
  }
  return (
    <QuizFrame>
      <QuizHeading
        episodeId={quiz.data.episode.id}
        eyebrow={`Quiz · ${quiz.data.episode.podcast.name}`}
        title={quiz.data.episode.title}
      />
      {quiz.data.questions.length ? (
        <QuizPlay key={quiz.data.questions.map((q) => q.id).join()} quiz={quiz.data} />
      ) : (
        <QuizGeneration quiz={quiz.data} onCheck={() => void quiz.refetch()} isChecking={quiz.isFetching} />
      )}
    </QuizFrame>
  );
}

function QuizSkeleton() {
  return (
    <QuizFrame>
      <span className="sr-only" role="status">
        Loading the quiz
      </span>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-9 w-4/5" />
      <Skeleton className="h-2 w-full rounded-full" />
      <Skeleton className="h-80 w-full rounded-2xl" />
    </QuizFrame>
  );
}

/**
 * No questions yet (spec 2 §4): 'none' starts generation by itself, 'generating' shows a spinner
 * with Check Status, 'failed' says 'Generation Failed' with Retry. Generation needs an account.
 */
function QuizGeneration({
  quiz,
  onCheck,
  isChecking,
}: {
  quiz: Quiz;
  onCheck: () => void;
  isChecking: boolean;
}) {
  const { isSignedIn, isResolving } = useSession();
  const returnPath = useLocation({ select: (location) => location.href });
  const generate = useGenerateQuestions(quiz.episode.id);
  const { mutate } = generate;
  const hasStarted = useRef(false);
  const shouldStart = quiz.quizStatus === "none" && isSignedIn;
  useEffect(() => {
    if (!shouldStart || hasStarted.current) return;
    hasStarted.current = true;
    mutate(undefined, toastGenerationFailure);
  }, [shouldStart, mutate]);

  if (!isSignedIn && !isResolving && quiz.quizStatus !== "generating") {
    return (
      <Notice icon={<BrainCircuit aria-hidden="true" className="size-6" />} title="This quiz isn't ready yet">
        <p>Sign in and we'll write the questions for this episode.</p>
        <Link to="/auth" search={{ redirect: returnPath }} className={buttonVariants()}>
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
      </Notice>
    );
  }
  if ((quiz.quizStatus === "failed" || generate.isError) && !generate.isPending) {
    return (
      <Notice
        icon={<TriangleAlert aria-hidden="true" className="size-6" />}
        title={GENERATION_FAILED}
        role="alert"
      >
        <p>{GENERATION_FAILED_DETAIL}</p>
        <Button onClick={() => mutate(undefined, toastGenerationFailure)}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
      </Notice>
    );
  }
  return (
    <Notice icon={<Spinner className="size-6" />} title="Generating your quiz…" role="status">
      <p>We're writing questions from the episode. This usually takes a few seconds.</p>
      <Button variant="outline" onClick={onCheck} disabled={isChecking}>
        {isChecking ? <Spinner /> : <RefreshCw aria-hidden="true" />}
        Check Status
      </Button>
    </Notice>
  );
}

function Notice({
  icon,
  title,
  role,
  children,
}: {
  icon: ReactNode;
  title: string;
  role?: "alert" | "status";
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-14 text-center text-sm text-muted-foreground"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
        {icon}
      </span>
      <h2 className="text-lg font-semibold text-foreground">{title}</h2>
      {children}
    </div>
  );
}

/**
 * The questions, one at a time. A signed-in learner's attempt is started (or resumed after a
 * reload) on arrival; a signed-out visitor can look, and Submit Answer sends them to /auth.
 */
function QuizPlay({ quiz }: { quiz: Quiz }) {
  const { isSignedIn, isResolving } = useSession();
  const attempt = useQuizAttempt(quiz.episode.id, isSignedIn);

  if (isResolving || (isSignedIn && !attempt.data)) {
    if (attempt.isError && !attempt.isFetching) {
      return (
        <LoadError className="py-8" onRetry={() => void attempt.refetch()}>
          We couldn't start the quiz. {attempt.error.message}
        </LoadError>
      );
    }
    return (
      <div className="flex flex-col gap-4">
        <span className="sr-only" role="status">
          Starting the quiz
        </span>
        <Skeleton className="h-2 w-full rounded-full" />
        <Skeleton className="h-80 w-full rounded-2xl" />
      </div>
    );
  }
  const current = isSignedIn ? attempt.data : undefined;
  // A different attempt (finished elsewhere, then started afresh) starts at its own first question.
  return <QuizQuestions key={current?.attemptId ?? "signed-out"} quiz={quiz} attempt={current} />;
}

function QuizQuestions({ quiz, attempt }: { quiz: Quiz; attempt: QuizAttempt | undefined }) {
  const navigate = useNavigate();
  const returnPath = useLocation({ select: (location) => location.href });
  // A resumed attempt opens at its first unanswered question.
  const [index, setIndex] = useState(() =>
    attempt ? Math.min(attempt.answers.length, attempt.questionCount - 1) : 0,
  );
  const answer = useSubmitAnswer(quiz.episode.id);
  const finish = useFinishQuiz(quiz.episode.id);
  const { mutate: serve } = useServeQuestion();
  const answers = useMemo(
    () => new Map((attempt?.answers ?? []).map((feedback) => [feedback.questionId, feedback])),
    [attempt?.answers],
  );

  const questions = quiz.questions.slice(0, attempt?.questionCount ?? quiz.questions.length);
  const question = questions[index];
  const attemptId = attempt?.attemptId;
  const servedId = question && !answers.has(question.id) ? question.id : undefined;
  // The server starts timing the answer when the question is on screen (its first showing counts).
  useEffect(() => {
    if (attemptId && servedId) serve({ attemptId, questionId: servedId });
  }, [attemptId, servedId, serve]);
  const playable = toPlayableEpisode(quiz.episode);
  const playMoment = playable
    ? (seconds: number) => void playEpisode(playable, { startAt: seconds })
    : undefined;

  if (!question) return null;

  const combo = attempt?.combo ?? 0;
  const isLast = index === questions.length - 1;
  const answeredCount = answers.size;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-medium">
            Question {index + 1} of {questions.length}
          </span>
          <span className="flex items-center gap-2">
            {combo > 1 && (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground"
                title="Consecutive correct answers"
              >
                <Flame aria-hidden="true" className="size-3.5" />
                {combo}× combo
              </span>
            )}
            {attempt && <span className="text-muted-foreground">{attempt.xpEarned} XP</span>}
          </span>
        </div>
        <ProgressBar
          label="Quiz progress"
          value={answeredCount}
          max={questions.length}
          valueText={`${answeredCount} of ${questions.length} answered`}
          className="h-2"
          indicatorClassName="transition-[width] duration-300"
        />
      </div>

      <QuestionCard
        key={question.id}
        question={question}
        feedback={answers.get(question.id)}
        isSubmitting={answer.isPending}
        isLast={isLast}
        isFinishing={finish.isPending}
        onPlayMoment={playMoment}
        onSubmit={(input) => {
          if (!attempt) {
            void navigate({ to: "/auth", search: { redirect: returnPath } });
            return;
          }
          answer.mutate(
            { attemptId: attempt.attemptId, input: { questionId: question.id, ...input } },
            { onError: (error) => notify.error("Your answer was not saved", error.message) },
          );
        }}
        onNext={() => {
          if (!isLast) {
            setIndex(index + 1);
            return;
          }
          if (!attempt) return;
          finish.mutate(attempt.attemptId, {
            onSuccess: () =>
              void navigate({ to: "/results/$episodeId", params: { episodeId: quiz.episode.id } }),
            onError: (error) =>
              notify.error(
                XP_UPDATE_FAILED,
                isApiError(error) && error.status >= 400 && error.status < 500
                  ? error.message
                  : "Please try again.",
              ),
          });
        }}
      />
    </div>
  );
}
