import { Link } from "@tanstack/react-router";
import { Network, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Concept, ConceptEpisode } from "~/domain/contract/knowledge";
import { type ConceptMastery, conceptMastery } from "~/domain/knowledge";
import { formatTime } from "~/domain/time";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { SidePanel } from "~/web/components/ui/side-panel";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { cn } from "~/web/lib/cn";
import { playEpisode } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { useConceptMap } from "./knowledge-api";

const LOAD_FAILED = "Failed to load your concept map";

const masteryStyle: Record<ConceptMastery, { label: string; dot: string; border: string }> = {
  strong: { label: "Strong (80% or more)", dot: "bg-success", border: "border-success/70" },
  growing: { label: "Growing (50–79%)", dot: "bg-accent", border: "border-accent" },
  weak: { label: "Needs review (under 50%)", dot: "bg-destructive", border: "border-destructive/70" },
};

/** Four sizes by how often a concept was answered, on a log scale so one big concept does not flatten the rest. */
const sizeClasses = [
  "px-2.5 py-1 text-xs",
  "px-3 py-1.5 text-sm",
  "px-3.5 py-1.5 text-base",
  "px-4 py-2 text-lg",
];

function sizeClassFor(total: number, max: number): string {
  const weight = max > 1 ? Math.log1p(total) / Math.log1p(max) : 1;
  const index = Math.min(sizeClasses.length - 1, Math.floor(weight * sizeClasses.length));
  return sizeClasses[index] as string;
}

/**
 * The concept map: the concepts the user has answered, as buttons sized by how often and edged by
 * mastery; one opens a panel with the episodes where it was said and the moments to replay.
 */
export function ConceptMapSection() {
  const map = useConceptMap();
  const [selected, setSelected] = useState<Concept | null>(null);
  // The panel opens without a Radix trigger, so the concept button gets the focus back by hand.
  const opener = useRef<HTMLButtonElement | null>(null);
  const select = (concept: Concept, button: HTMLButtonElement) => {
    opener.current = button;
    setSelected(concept);
  };

  useEffect(() => {
    if (map.isError) notify.error(LOAD_FAILED, map.error.message);
  }, [map.isError, map.error]);

  return (
    <section aria-labelledby="knowledge-concept-map" className="flex min-w-0 flex-col gap-3">
      <h2 id="knowledge-concept-map" className="flex items-center gap-2 text-lg font-semibold">
        <Network aria-hidden="true" className="size-5 text-primary" />
        Concept map
      </h2>
      <p className="text-sm text-muted-foreground">
        The ideas you have been quizzed on most. Choose one to see the episodes where it came up and replay
        the moment.
      </p>
      {map.isPending ? (
        <div className="flex flex-wrap gap-2">
          <span className="sr-only" role="status">
            Loading your concept map
          </span>
          {[20, 28, 16, 24, 32, 18, 22, 26].map((width) => (
            <Skeleton key={width} className="h-9 rounded-full" style={{ width: `${width * 4}px` }} />
          ))}
        </div>
      ) : map.isError ? (
        <LoadError onRetry={() => void map.refetch()}>{LOAD_FAILED}</LoadError>
      ) : map.data.concepts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Concepts appear here once your quiz questions carry them.
        </p>
      ) : (
        <>
          <MasteryLegend />
          <ConceptCloud concepts={map.data.concepts} onSelect={select} />
        </>
      )}
      <ConceptPanel
        concept={selected}
        onClose={() => setSelected(null)}
        onClosed={() => opener.current?.focus()}
      />
    </section>
  );
}

function MasteryLegend() {
  return (
    <ul aria-label="Mastery" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {Object.values(masteryStyle).map((style) => (
        <li key={style.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("size-2.5 rounded-full", style.dot)} />
          {style.label}
        </li>
      ))}
    </ul>
  );
}

function ConceptCloud({
  concepts,
  onSelect,
}: {
  concepts: Concept[];
  onSelect: (concept: Concept, button: HTMLButtonElement) => void;
}) {
  const max = Math.max(...concepts.map((concept) => concept.total));
  return (
    <ul
      aria-label="Concepts"
      className="flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-card p-4"
    >
      {concepts.map((concept) => {
        const style = masteryStyle[conceptMastery(concept.accuracy)];
        return (
          <li key={concept.key} className="max-w-full">
            <button
              type="button"
              onClick={(event) => onSelect(concept, event.currentTarget)}
              aria-label={`${concept.label}: ${concept.correct} of ${concept.total} correct, ${concept.accuracy}%`}
              aria-haspopup="dialog"
              className={cn(
                "inline-flex max-w-full items-center gap-1.5 rounded-full border-2 bg-background font-medium text-foreground transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card",
                style.border,
                sizeClassFor(concept.total, max),
              )}
            >
              <span aria-hidden="true" className={cn("size-2 shrink-0 rounded-full", style.dot)} />
              <span className="truncate">{concept.label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ConceptPanel({
  concept,
  onClose,
  onClosed,
}: {
  concept: Concept | null;
  onClose: () => void;
  onClosed: () => void;
}) {
  return (
    <SidePanel
      isOpen={concept !== null}
      onClose={onClose}
      onClosed={onClosed}
      title={concept?.label}
      description={
        concept && (
          <>
            {concept.correct} of {concept.total} answers correct ({concept.accuracy}%) ·{" "}
            {masteryStyle[conceptMastery(concept.accuracy)].label}
          </>
        )
      }
    >
      {concept && (
        <>
          <h3 className="text-sm font-semibold">Where you heard it</h3>
          <ul className="flex flex-col gap-3">
            {concept.episodes.map((entry) => (
              <ConceptEpisodeItem
                key={entry.episode.id}
                entry={entry}
                label={concept.label}
                onPlay={onClose}
              />
            ))}
          </ul>
        </>
      )}
    </SidePanel>
  );
}

function ConceptEpisodeItem({
  entry,
  label,
  onPlay,
}: {
  entry: ConceptEpisode;
  label: string;
  onPlay: () => void;
}) {
  const { episode, moments } = entry;
  const playable = toPlayableEpisode(episode);
  const play = (seconds: number | null) => {
    if (!playable) return;
    void playEpisode(playable, seconds === null ? {} : { startAt: seconds });
    onPlay();
  };
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-card p-3 text-card-foreground">
      <div className="min-w-0">
        <Link
          to="/episode/$episodeId"
          params={{ episodeId: episode.id }}
          className="rounded-sm font-medium underline-offset-2 outline-none [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {episode.title}
        </Link>
        <p className="text-xs text-muted-foreground">{episode.podcast.name}</p>
      </div>
      {playable ? (
        <div className="flex flex-wrap gap-2">
          {moments.length ? (
            moments.map((seconds) => (
              <Button
                key={seconds}
                size="sm"
                variant="secondary"
                onClick={() => play(seconds)}
                aria-label={`Play from ${formatTime(seconds)}: ${episode.title}, where ${label} comes up`}
              >
                <Play aria-hidden="true" />
                Play from {formatTime(seconds)}
              </Button>
            ))
          ) : (
            <Button size="sm" variant="secondary" onClick={() => play(null)}>
              <Play aria-hidden="true" />
              Play episode
            </Button>
          )}
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          This episode plays on its own site; open the episode to listen
          {moments.length ? ` (at ${moments.map(formatTime).join(", ")})` : ""}.
        </p>
      )}
    </li>
  );
}
