import { ArrowRight, CircleCheck, CircleX, Play, Trophy } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { AnswerFeedback, QuizQuestion } from "~/domain/contract/quiz";
import { formatTime } from "~/domain/time";
import { CONFIDENCE_DEFAULT, CONFIDENCE_MAX, CONFIDENCE_MIN } from "~/domain/xp";
import { Button } from "~/web/components/ui/button";
import { Slider } from "~/web/components/ui/slider";
import { Spinner } from "~/web/components/ui/spinner";
import { cn } from "~/web/lib/cn";

/** How long the correct/wrong highlight stays on the card (spec 2 §4). */
const HIGHLIGHT_MS = 1000;

const confidenceWords = ["", "Guessing", "Unsure", "Fairly sure", "Confident", "Certain"];

export type QuestionCardProps = {
  question: QuizQuestion;
  /** The server's verdict once answered; the choice is locked from then on. */
  feedback: AnswerFeedback | undefined;
  isSubmitting: boolean;
  isLast: boolean;
  isFinishing: boolean;
  /** The milliseconds since the question appeared are measured here and sent with the answer. */
  onSubmit: (answer: { choice: string; confidence: number; timeMs: number }) => void;
  onNext: () => void;
  /** Plays the moment of the episode the answer comes from; absent when the episode cannot play. */
  onPlayMoment: ((seconds: number) => void) | undefined;
};

/**
 * One quiz question (spec 2 §4 quiz question flow): choose, then rate confidence 1–5 (default 3),
 * Submit Answer locks the choice and shows correct or wrong with the explanation and the source
 * moment; Next Question, or See Results on the last. Keyed by question, so each starts fresh.
 */
export function QuestionCard({
  question,
  feedback,
  isSubmitting,
  isLast,
  isFinishing,
  onSubmit,
  onNext,
  onPlayMoment,
}: QuestionCardProps) {
  const [shownAt] = useState(() => performance.now());
  const [choice, setChoice] = useState<string | null>(null);
  const [confidence, setConfidence] = useState(CONFIDENCE_DEFAULT);
  const [highlight, setHighlight] = useState<"correct" | "wrong" | null>(null);
  const groupName = useId();
  const isLocked = Boolean(feedback) || isSubmitting;
  const chosen = feedback?.choice ?? choice;

  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  // The verdict arrives as a prop; flash it once when it does (not for answers restored on resume).
  const [flashedFor, setFlashedFor] = useState<AnswerFeedback | undefined>(feedback);
  if (feedback !== flashedFor) {
    setFlashedFor(feedback);
    if (feedback) setHighlight(feedback.isCorrect ? "correct" : "wrong");
  }

  return (
    <section
      aria-labelledby={`${groupName}-stem`}
      className={cn(
        "flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm transition-[box-shadow,background-color] duration-300 sm:p-6",
        highlight === "correct" && "bg-success/10 ring-2 ring-success",
        highlight === "wrong" && "bg-destructive/10 ring-2 ring-destructive",
      )}
    >
      <h2 id={`${groupName}-stem`} className="text-lg leading-snug font-semibold text-balance sm:text-xl">
        {question.stem}
      </h2>

      <fieldset className="flex flex-col gap-2" disabled={isLocked}>
        <legend className="sr-only">Choose an answer</legend>
        {question.choices.map((text) => {
          const isChosen = chosen === text;
          const isRight = feedback?.correctAnswer === text;
          const isWrongPick = Boolean(feedback) && isChosen && !isRight;
          return (
            <label
              key={text}
              className={cn(
                "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border px-4 py-3 text-sm transition-colors sm:text-base",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                !isLocked && "hover:bg-muted",
                isChosen && !feedback && "border-primary bg-secondary",
                isRight && "border-success bg-success/10",
                isWrongPick && "border-destructive bg-destructive/10",
                isLocked && "cursor-default",
              )}
            >
              <input
                type="radio"
                name={groupName}
                value={text}
                checked={isChosen}
                onChange={() => setChoice(text)}
                className="size-4 shrink-0 accent-primary"
              />
              <span className="min-w-0 flex-1 break-words">{text}</span>
              {isRight && (
                <CircleCheck aria-label="Correct answer" className="size-5 shrink-0 text-success" />
              )}
              {isWrongPick && (
                <CircleX aria-label="Your answer" className="size-5 shrink-0 text-destructive" />
              )}
            </label>
          );
        })}
      </fieldset>

      {chosen !== null && !feedback && (
        <div className="flex flex-col gap-3 rounded-xl bg-muted/60 p-4">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="font-medium">How confident are you?</span>
            <span className="text-muted-foreground" aria-hidden="true">
              {confidence} · {confidenceWords[confidence]}
            </span>
          </div>
          <Slider
            label="Confidence"
            value={confidence}
            min={CONFIDENCE_MIN}
            max={CONFIDENCE_MAX}
            step={1}
            valueText={`${confidence} of ${CONFIDENCE_MAX}, ${confidenceWords[confidence]}`}
            onValueChange={setConfidence}
            disabled={isLocked}
          />
        </div>
      )}

      {feedback ? (
        <div aria-live="polite" className="flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
            {feedback.isCorrect ? (
              <CircleCheck aria-hidden="true" className="size-5 text-success" />
            ) : (
              <CircleX aria-hidden="true" className="size-5 text-destructive" />
            )}
            {feedback.isCorrect ? "Correct!" : "Not quite."}
            {feedback.xpAwarded > 0 && (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                +{feedback.xpAwarded} XP
              </span>
            )}
            {feedback.isCorrect && feedback.xpAwarded === 0 && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                No XP: already earned
              </span>
            )}
          </p>
          {!feedback.isCorrect && (
            <p className="text-sm">
              The answer is <strong>{feedback.correctAnswer}</strong>.
            </p>
          )}
          {feedback.explanation && <p className="text-sm text-muted-foreground">{feedback.explanation}</p>}
          <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
            {feedback.timecode !== null && onPlayMoment ? (
              <Button variant="outline" size="sm" onClick={() => onPlayMoment(feedback.timecode ?? 0)}>
                <Play aria-hidden="true" />
                Hear it at {formatTime(feedback.timecode)}
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={onNext} disabled={isFinishing}>
              {isLast ? (
                <>
                  {isFinishing ? <Spinner /> : <Trophy aria-hidden="true" />}
                  See Results
                </>
              ) : (
                <>
                  Next Question
                  <ArrowRight aria-hidden="true" />
                </>
              )}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end">
          <Button
            disabled={chosen === null || isSubmitting}
            onClick={() => {
              if (chosen === null) return;
              onSubmit({ choice: chosen, confidence, timeMs: Math.round(performance.now() - shownAt) });
            }}
          >
            {isSubmitting && <Spinner />}
            Submit Answer
          </Button>
        </div>
      )}
    </section>
  );
}
