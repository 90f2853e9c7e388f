import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import type { ChatSource } from "~/domain/contract/learning";
import { TimecodeButton } from "~/web/components/timecode-button";
import { Spinner } from "~/web/components/ui/spinner";

/** Starts playback of the episode at a second; null when the episode cannot be played here. */
export type PlayFrom = ((seconds: number) => void) | null;

const bubble = "max-w-[92%] min-w-0 rounded-2xl px-4 py-3 text-sm leading-relaxed [overflow-wrap:anywhere]";

export function QuestionBubble({ children }: { children: ReactNode }) {
  return (
    <div
      className={`${bubble} self-end rounded-br-sm bg-primary whitespace-pre-line text-primary-foreground`}
    >
      <span className="sr-only">You asked: </span>
      {children}
    </div>
  );
}

function AnswerFrame({ children, isBusy = false }: { children: ReactNode; isBusy?: boolean }) {
  return (
    <div
      aria-busy={isBusy || undefined}
      className={`${bubble} flex flex-col gap-3 self-start rounded-bl-sm border border-border bg-card text-card-foreground shadow-xs`}
    >
      {children}
    </div>
  );
}

export function AnswerBubble({
  answer,
  sources,
  playFrom,
}: {
  answer: string;
  sources: ChatSource[];
  playFrom: PlayFrom;
}) {
  return (
    <AnswerFrame>
      <p className="whitespace-pre-line">
        <span className="sr-only">Answer: </span>
        {answer}
      </p>
      {sources.length > 0 && (
        <div className="flex flex-col gap-2 border-t border-border pt-3">
          <p className="text-xs font-medium text-muted-foreground">Sources</p>
          <ul aria-label="Sources" className="flex flex-col gap-2">
            {sources.map((source) => (
              <li key={`${source.timecode}-${source.text ?? ""}`} className="flex items-start gap-2">
                <TimecodeButton seconds={source.timecode} onPlay={playFrom} label={source.title} />
                <div className="min-w-0 flex-1 text-xs text-muted-foreground">
                  {source.title && <p className="font-medium text-foreground/80">{source.title}</p>}
                  {source.text && <p className="line-clamp-3">“{source.text}”</p>}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </AnswerFrame>
  );
}

export function PendingAnswer() {
  return (
    <AnswerFrame isBusy>
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Searching the transcript…
      </p>
    </AnswerFrame>
  );
}

export function AskIntro({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-4 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
        <Sparkles aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">Ask anything about this episode</h2>
      <p className="max-w-sm text-sm text-pretty text-muted-foreground">
        Answers come from the transcript, with timestamps you can play.
      </p>
      {children}
    </div>
  );
}
