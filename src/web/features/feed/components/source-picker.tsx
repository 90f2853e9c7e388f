import { Search } from "lucide-react";
import { useId, useState } from "react";
import { formatTime } from "~/domain/time";
import { Input } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useEpisodeChoices, useEpisodeTranscript } from "~/web/features/feed/api";

export type PickedSource = {
  episodeId: string;
  episodeTitle: string;
  startTs: number;
  endTs: number;
  quote: string;
};

/**
 * Choose a source: find the episode by title, then pick the line from its transcript; the line's
 * text becomes the quote and its cue the time range (start rounded down, end up).
 */
export function SourcePicker({ onPick }: { onPick: (source: PickedSource) => void }) {
  const [q, setQ] = useState("");
  const [episode, setEpisode] = useState<{ id: string; title: string } | null>(null);
  const choices = useEpisodeChoices(q);
  const transcript = useEpisodeTranscript(episode);
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-dashed border-border p-3">
      <label htmlFor={searchId} className="text-sm font-medium">
        Find a source episode
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-muted-foreground" />
        <Input
          id={searchId}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Episode title…"
          className="pl-9"
        />
      </div>
      {choices.data && (
        <ul aria-label="Matching episodes" className="flex flex-col gap-1">
          {choices.data.episodes.length === 0 && (
            <li className="text-sm text-muted-foreground">No episodes match.</li>
          )}
          {choices.data.episodes.map((choice) => (
            <li key={choice.id}>
              <button
                type="button"
                aria-pressed={episode?.id === choice.id}
                onClick={() => setEpisode({ id: choice.id, title: choice.title })}
                className="w-full rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-secondary"
              >
                {choice.title} <span className="text-muted-foreground">· {choice.podcastName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {episode &&
        (transcript.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : transcript.isError ? (
          <p className="text-sm text-destructive">
            The transcript could not be loaded. {transcript.error.message}
          </p>
        ) : transcript.data.segments.length === 0 ? (
          <p className="text-sm text-muted-foreground">This episode has no transcript yet.</p>
        ) : (
          <div className="flex flex-col gap-1">
            <p className="text-sm font-medium">Pick the line to quote from “{transcript.data.title}”</p>
            <ul aria-label="Transcript lines" className="flex max-h-64 flex-col gap-0.5 overflow-y-auto pr-1">
              {transcript.data.segments.map((segment) => (
                <li key={`${segment.start}-${segment.text}`}>
                  <button
                    type="button"
                    onClick={() =>
                      onPick({
                        episodeId: episode.id,
                        episodeTitle: transcript.data.title,
                        startTs: Math.floor(segment.start),
                        endTs: Math.ceil(segment.end),
                        quote: segment.text,
                      })
                    }
                    className="flex w-full gap-2 rounded-md px-2 py-1 text-left text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="shrink-0 font-mono text-xs text-muted-foreground tabular-nums">
                      {formatTime(Math.floor(segment.start))}
                    </span>
                    <span>{segment.text}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}
