import { Copy, Crosshair, Search } from "lucide-react";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type {
  EpisodeDetail,
  EpisodeTranscript,
  Transcription,
  TranscriptSegment,
} from "~/domain/contract/episodes";
import { formatTime } from "~/domain/time";
import { Button } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useEpisodeTranscript } from "~/web/features/episode/api";
import type { EpisodePlayback } from "~/web/features/episode/use-episode-playback";
import { cn } from "~/web/lib/cn";
import { activeIndex } from "./detail-tabs";
import { copyText } from "./episode-header";
import { TabEmpty } from "./tab-empty";
import { TranscriptNotice, transcriptNoticeText } from "./transcript-notice";

const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The text with every case-insensitive match of `query` marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  const parts = text.split(new RegExp(`(${escapeRegExp(query)})`, "gi"));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: fragments of one fixed string.
          <mark key={index} className="rounded-sm bg-accent px-0.5 text-accent-foreground">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

const formatLine = (segment: TranscriptSegment) =>
  `[${formatTime(segment.start)}] ${segment.speaker ? `${segment.speaker}: ` : ""}${segment.text}`;

/** The selected text when the selection lies inside `container`, else "". */
function selectionInside(container: HTMLElement | null): string {
  const selection = window.getSelection();
  if (!container || !selection || selection.isCollapsed || !selection.rangeCount) return "";
  const range = selection.getRangeAt(0);
  if (!container.contains(range.commonAncestorContainer)) return "";
  return selection.toString().trim();
}

type LineProps = {
  segment: TranscriptSegment;
  index: number;
  isActive: boolean;
  query: string;
  canPlay: boolean;
  onPlay: (index: number) => void;
};

const Line = memo(function Line({ segment, index, isActive, query, canPlay, onPlay }: LineProps) {
  const time = formatTime(segment.start);
  return (
    // Clicking anywhere on a line plays from it (unless text is being selected to copy); keyboard
    // users get the same through the line's timecode button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the timecode button is the keyboard equivalent.
    <li
      data-line={index}
      aria-current={isActive ? "time" : undefined}
      onClick={(event) => {
        if (!canPlay || (event.target as HTMLElement).closest("button")) return;
        if (window.getSelection()?.toString()) return;
        onPlay(index);
      }}
      className={cn(
        "flex gap-3 rounded-lg px-2 py-1.5 transition-colors",
        canPlay && "cursor-pointer hover:bg-muted",
        isActive && "bg-secondary text-secondary-foreground hover:bg-secondary",
      )}
    >
      {canPlay ? (
        <button
          type="button"
          onClick={() => onPlay(index)}
          aria-label={`Play from ${time}`}
          className="h-6 shrink-0 rounded px-1 font-mono text-xs text-muted-foreground tabular-nums outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
        >
          {time}
        </button>
      ) : (
        <span className="h-6 shrink-0 px-1 pt-0.5 font-mono text-xs text-muted-foreground tabular-nums">
          {time}
        </span>
      )}
      <p className="min-w-0 flex-1 text-sm leading-relaxed">
        {segment.speaker && <span className="font-semibold">{segment.speaker}: </span>}
        <Highlighted text={segment.text} query={query} />
      </p>
    </li>
  );
});

/**
 * Transcript: follows the audio when this episode is playing (highlights the current line and
 * scrolls it into view; scrolling by hand pauses that until "Follow along"), searchable, every line
 * plays from its start, and a selection (or the whole transcript) can be copied.
 */
export function TranscriptTab({ episode, playback }: { episode: EpisodeDetail; playback: EpisodePlayback }) {
  const hasAny = episode.hasTranscript || episode.counts.transcriptSegments > 0;
  const transcript = useEpisodeTranscript(episode.id, episode.transcription.source, { isEnabled: hasAny });
  if (!hasAny) return <NoTranscript transcription={episode.transcription} />;
  if (transcript.isPending) return <TranscriptSkeleton />;
  if (transcript.isError) {
    return (
      <TabEmpty
        title="The transcript could not be loaded"
        description={`${transcript.error.message} Reload the page to try again.`}
      />
    );
  }
  return (
    <TranscriptView transcript={transcript.data} transcription={episode.transcription} playback={playback} />
  );
}

function NoTranscript({ transcription }: { transcription: Transcription }) {
  return (
    <TabEmpty
      title="No transcript yet"
      description={transcriptNoticeText(transcription) ?? "This episode has no transcript yet."}
    />
  );
}

function TranscriptSkeleton() {
  return (
    <div role="status" aria-label="Loading the transcript" className="flex flex-col gap-3">
      <Skeleton className="h-10 w-full" />
      {[0, 1, 2, 3, 4, 5].map((line) => (
        <Skeleton key={line} className="h-6 w-full" />
      ))}
    </div>
  );
}

function TranscriptView({
  transcript,
  transcription,
  playback,
}: {
  transcript: EpisodeTranscript;
  transcription: Transcription;
  playback: EpisodePlayback;
}) {
  const segments = transcript.segments;
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [isFollowing, setFollowing] = useState(true);
  const [hasSelection, setHasSelection] = useState(false);
  const scroller = useRef<HTMLElement>(null);
  const trimmed = query.trim();

  const active = activeIndex(segments, (segment) => segment.start, playback.currentTime);
  const visible = useMemo(() => {
    const all = segments.map((segment, index) => ({ segment, index }));
    if (!trimmed) return all;
    const needle = trimmed.toLowerCase();
    return all.filter(
      ({ segment }) =>
        segment.text.toLowerCase().includes(needle) || segment.speaker?.toLowerCase().includes(needle),
    );
  }, [segments, trimmed]);

  const { playFrom, playable } = playback;
  const onPlay = useCallback(
    (index: number) => {
      const segment = segments[index];
      if (!segment) return;
      setFollowing(true);
      playFrom(segment.start);
    },
    [segments, playFrom],
  );

  // Follow the audio: keep the current line in the middle of the transcript box.
  useEffect(() => {
    if (!isFollowing || trimmed || active < 0 || !playback.isCurrent) return;
    const box = scroller.current;
    const line = box?.querySelector<HTMLElement>(`[data-line="${active}"]`);
    if (!box || !line) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    box.scrollTo({
      top: line.offsetTop - box.clientHeight / 2 + line.clientHeight / 2,
      behavior: reduceMotion ? "auto" : "smooth",
    });
  }, [active, isFollowing, trimmed, playback.isCurrent]);

  useEffect(() => {
    const onSelectionChange = () => setHasSelection(Boolean(selectionInside(scroller.current)));
    document.addEventListener("selectionchange", onSelectionChange);
    return () => document.removeEventListener("selectionchange", onSelectionChange);
  }, []);

  /** The reader scrolls by hand: stop following until asked again. */
  const pauseFollowing = () => {
    if (playback.isCurrent) setFollowing(false);
  };

  function copy() {
    const selected = selectionInside(scroller.current);
    if (selected) {
      void copyText(selected, { title: "Passage copied" });
      return;
    }
    const text = segments.length
      ? visible.map(({ segment }) => formatLine(segment)).join("\n")
      : (transcript.text ?? "");
    void copyText(text, { title: trimmed ? "Matching lines copied" : "Transcript copied" });
  }

  if (!segments.length && !transcript.text?.trim()) return <NoTranscript transcription={transcription} />;

  const copyLabel = hasSelection ? "Copy selection" : trimmed ? "Copy matches" : "Copy transcript";
  const paragraphs = segments.length
    ? []
    : (transcript.text ?? "").split(/\n{2,}|\n/).filter((paragraph) => paragraph.trim());
  const matchCount = segments.length
    ? visible.length
    : paragraphs.filter((paragraph) => paragraph.toLowerCase().includes(trimmed.toLowerCase())).length;

  return (
    <div className="flex flex-col gap-3">
      <TranscriptNotice transcription={transcription} />
      <div className="flex flex-wrap items-center gap-2">
        {/* biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role (<search> is not in React's types). */}
        <form
          role="search"
          aria-label="Search the transcript"
          onSubmit={(event) => event.preventDefault()}
          className="relative min-w-48 flex-1"
        >
          <label htmlFor={searchId} className="sr-only">
            Search the transcript
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="Search the transcript"
            onChange={(event) => setQuery(event.target.value)}
            className="h-10 w-full rounded-md border border-input bg-background pr-3 pl-9 text-base outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/45 sm:text-sm"
          />
        </form>
        {playback.isCurrent && !isFollowing && !trimmed && segments.length > 0 && (
          <Button variant="outline" onClick={() => setFollowing(true)}>
            <Crosshair aria-hidden="true" />
            Follow along
          </Button>
        )}
        <Button
          variant="outline"
          // Keep the selection: a mouse press on the button would otherwise clear it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={copy}
        >
          <Copy aria-hidden="true" />
          {copyLabel}
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-muted-foreground">
        {trimmed
          ? `${matchCount} ${matchCount === 1 ? "match" : "matches"} for “${trimmed}”`
          : playback.isCurrent && segments.length
            ? isFollowing
              ? "Following the audio. Scroll to read on your own."
              : "Not following the audio."
            : playable && segments.length
              ? "Click a line to play from there."
              : ""}
      </p>
      <section
        ref={scroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable transcript must be reachable by keyboard.
        tabIndex={0}
        aria-label="Transcript"
        onWheel={pauseFollowing}
        onTouchMove={pauseFollowing}
        onKeyDown={(event) => {
          if (event.target === event.currentTarget && SCROLL_KEYS.has(event.key)) pauseFollowing();
        }}
        onPointerDown={(event) => {
          // A press on the box itself (not a line) is the scrollbar.
          if (event.target === event.currentTarget) pauseFollowing();
        }}
        className="relative max-h-[60vh] overflow-y-auto overscroll-contain rounded-xl border border-border bg-card p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {segments.length ? (
          visible.length ? (
            <ol className="flex flex-col gap-0.5">
              {visible.map(({ segment, index }) => (
                <Line
                  key={index}
                  segment={segment}
                  index={index}
                  isActive={index === active}
                  query={trimmed}
                  canPlay={Boolean(playable)}
                  onPlay={onPlay}
                />
              ))}
            </ol>
          ) : (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">No lines match your search.</p>
          )
        ) : (
          <div className="flex flex-col gap-3 p-2">
            {paragraphs
              .filter((paragraph) => !trimmed || paragraph.toLowerCase().includes(trimmed.toLowerCase()))
              .map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text.
                <p key={index} className="text-sm leading-relaxed">
                  <Highlighted text={paragraph} query={trimmed} />
                </p>
              ))}
          </div>
        )}
      </section>
    </div>
  );
}
