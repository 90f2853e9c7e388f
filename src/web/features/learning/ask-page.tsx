import { Link } from "@tanstack/react-router";
import { ArrowLeft, Sparkles } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { askNotices, suggestQuestions } from "~/domain/ask";
import type { ChatEntry } from "~/domain/contract/learning";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { playEpisode } from "~/web/lib/player/engine";
import { type EpisodeWithPodcast, toPlayableEpisode } from "~/web/lib/player/playable";
import { useAskQuestion, useChats } from "./ask-api";
import { AskComposer } from "./ask-composer";
import { AnswerBubble, AskIntro, PendingAnswer, type PlayFrom, QuestionBubble } from "./ask-message";

/** What the Ask screen shows of the episode (the episode detail read satisfies it). */
export type AskEpisode = EpisodeWithPodcast & { topics: string[]; insights: readonly unknown[] };

/**
 * /ask/{id} (spec 2 §2 Ask AI, §5, §8): the user's earlier questions and answers about the episode,
 * the input, and answers whose sources start playback at their second. New answers are announced to
 * screen readers.
 */
export function AskPage({ episodeId, episode }: { episodeId: string; episode: AskEpisode | undefined }) {
  usePageMeta({
    title: episode ? `Ask AI: ${episode.title}` : "Ask AI",
    description: "Ask questions about the episode; answers come from its transcript with timestamps.",
  });
  const chats = useChats(episodeId);
  const ask = useAskQuestion(episodeId);
  const [announcement, setAnnouncement] = useState("");
  // The Free plan's daily limit, once met: said in place with the way to lift it.
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const playFrom = useMemo<PlayFrom>(() => {
    const playable = episode && toPlayableEpisode(episode);
    if (!playable) return null;
    return (seconds: number) => void playEpisode(playable, { startAt: Math.max(0, seconds) });
  }, [episode]);

  const entryCount = chats.data?.length ?? 0;
  // Keep the newest exchange in view as it arrives (a DOM side effect, not derived state).
  useEffect(() => {
    if (entryCount > 0 || ask.isPending) endRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [entryCount, ask.isPending]);

  async function askQuestion(question: string): Promise<boolean> {
    setAnnouncement("");
    try {
      const entry = await ask.mutateAsync(question);
      setAnnouncement(`Answer: ${entry.answer}`);
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === "PLAN_LIMIT") {
        setPlanLimit(error.message);
        notify.error("Daily question limit reached", error.message);
        return false;
      }
      notify.error(askNotices.failed, isApiError(error) && error.status === 429 ? error.message : undefined);
      return false;
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex min-w-0 flex-col gap-2">
        <Link
          to="/episode/$episodeId"
          params={{ episodeId }}
          className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-2 self-start" })}
        >
          <ArrowLeft aria-hidden="true" />
          Back to episode
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Ask AI</h1>
        {episode ? (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            <span className="font-medium text-foreground">{episode.title}</span> · {episode.podcast.name}
          </p>
        ) : (
          <Skeleton className="h-5 w-64 max-w-full" />
        )}
      </header>

      <section aria-label="Conversation" className="flex min-w-0 flex-col gap-6">
        {chats.isPending ? (
          <ConversationSkeleton />
        ) : chats.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm">
            <p className="text-destructive">We couldn't load your earlier questions. {chats.error.message}</p>
            <Button variant="outline" onClick={() => void chats.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Conversation
            entries={chats.data}
            pendingQuestion={ask.isPending ? ask.variables : undefined}
            playFrom={playFrom}
            suggestions={episode && !ask.isPending ? suggestQuestions(episode) : []}
            onSuggestion={(question) => void askQuestion(question)}
          />
        )}
        <div ref={endRef} />
      </section>

      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>

      {planLimit && (
        <section
          aria-label="Free plan limit"
          className="flex flex-col items-start gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4 text-sm"
        >
          <p>{planLimit}</p>
          <Link to="/pricing" className={buttonVariants({ size: "sm" })}>
            <Sparkles aria-hidden="true" />
            Upgrade to Plus
          </Link>
        </section>
      )}

      <AskComposer isPending={ask.isPending} onAsk={askQuestion} />
    </div>
  );
}

function Conversation({
  entries,
  pendingQuestion,
  playFrom,
  suggestions,
  onSuggestion,
}: {
  entries: ChatEntry[];
  pendingQuestion: string | undefined;
  playFrom: PlayFrom;
  suggestions: string[];
  onSuggestion: (question: string) => void;
}) {
  if (!entries.length && pendingQuestion === undefined) {
    return (
      <AskIntro>
        {suggestions.length > 0 && (
          <ul aria-label="Suggested questions" className="mt-2 flex flex-wrap justify-center gap-2">
            {suggestions.map((question) => (
              <li key={question}>
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
                  onClick={() => onSuggestion(question)}
                >
                  {question}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </AskIntro>
    );
  }
  return (
    <ol aria-label="Questions and answers" className="flex flex-col gap-6">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-3">
          <QuestionBubble>{entry.question}</QuestionBubble>
          <AnswerBubble answer={entry.answer} sources={entry.sources} playFrom={playFrom} />
        </li>
      ))}
      {pendingQuestion !== undefined && (
        <li className="flex flex-col gap-3">
          <QuestionBubble>{pendingQuestion}</QuestionBubble>
          <PendingAnswer />
        </li>
      )}
    </ol>
  );
}

function ConversationSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        Loading your questions
      </span>
      {[0, 1].map((index) => (
        <div key={index} className="flex flex-col gap-3">
          <Skeleton className="h-10 w-2/3 self-end rounded-2xl" />
          <Skeleton className="h-24 w-5/6 self-start rounded-2xl" />
        </div>
      ))}
    </div>
  );
}

/** The whole screen while the session resolves. */
export function AskSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <Skeleton className="h-8 w-36" />
      <Skeleton className="h-9 w-40" />
      <ConversationSkeleton />
      <Skeleton className="h-28 w-full rounded-2xl" />
    </div>
  );
}
