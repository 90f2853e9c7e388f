import { Link } from "@tanstack/react-router";
import { Play } from "lucide-react";
import type { MindmapNode } from "~/domain/contract/learning";
import { conceptKey } from "~/domain/mindmap";
import { formatTime } from "~/domain/time";
import { Button } from "~/web/components/ui/button";
import { SidePanel } from "~/web/components/ui/side-panel";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useConceptOccurrences } from "./mindmap-api";

/**
 * The selected idea: its moment (Play from m:ss), summary, transcript excerpt and related concepts,
 * each with the other episodes' nodes where it comes up. A right-hand panel on wide screens, a
 * full-width sheet on narrow ones.
 */
export function NodePanel({
  node,
  episodeId,
  canPlay,
  onPlay,
  onClose,
  onClosed,
}: {
  node: MindmapNode | null;
  episodeId: string;
  canPlay: boolean;
  onPlay: (node: MindmapNode) => void;
  onClose: () => void;
  /** Focus goes back by hand: the panel opens without a Radix trigger. */
  onClosed: () => void;
}) {
  return (
    <SidePanel
      isOpen={node !== null}
      onClose={onClose}
      onClosed={onClosed}
      title={node?.title}
      description={
        node?.time !== undefined ? `At ${formatTime(node.time)} in the episode` : "No moment in the audio"
      }
    >
      {node && (
        <>
          {node.time !== undefined &&
            (canPlay ? (
              <Button className="self-start" onClick={() => onPlay(node)}>
                <Play aria-hidden="true" />
                Play from {formatTime(node.time)}
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">
                This episode plays on its own site; open the episode to listen.
              </p>
            ))}
          {node.summary && <p className="text-sm leading-relaxed">{node.summary}</p>}
          {node.transcriptExcerpt && (
            <figure className="flex flex-col gap-1">
              <figcaption className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                From the transcript
              </figcaption>
              <blockquote className="border-l-2 border-primary/60 pl-3 text-sm text-muted-foreground italic">
                {node.transcriptExcerpt}
              </blockquote>
            </figure>
          )}
          <RelatedConcepts concepts={node.relatedConcepts ?? []} episodeId={episodeId} />
        </>
      )}
    </SidePanel>
  );
}

function RelatedConcepts({ concepts: listed, episodeId }: { concepts: string[]; episodeId: string }) {
  // One look-up per concept as the catalog keys it ("AI" and "ai " are one).
  const concepts = listed.filter(
    (concept, index) =>
      conceptKey(concept) && listed.findIndex((other) => conceptKey(other) === conceptKey(concept)) === index,
  );
  const results = useConceptOccurrences(concepts, episodeId, true);
  return (
    <section aria-labelledby="mindmap-related-concepts" className="flex flex-col gap-3">
      <h3 id="mindmap-related-concepts" className="text-sm font-semibold">
        Related concepts
      </h3>
      {concepts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No related concepts for this idea.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {concepts.map((concept, index) => {
            const result = results[index];
            return (
              <li key={concept} className="flex flex-col gap-1.5 rounded-xl border border-border bg-card p-3">
                <p className="font-medium [overflow-wrap:anywhere]">{concept}</p>
                {!result || result.isPending ? (
                  <Skeleton className="h-4 w-40" />
                ) : result.isError ? (
                  <p className="text-xs text-destructive">Could not look this concept up.</p>
                ) : result.data.occurrences.length === 0 ? (
                  <p className="text-xs text-muted-foreground">Not in other episodes' maps yet.</p>
                ) : (
                  <ul aria-label={`Other episodes about ${concept}`} className="flex flex-col gap-1">
                    {result.data.occurrences.map((occurrence) => (
                      <li key={`${occurrence.episodeId}:${occurrence.nodeId}`} className="text-sm">
                        <Link
                          to="/mindmap/$id"
                          params={{ id: occurrence.episodeId }}
                          search={{ node: occurrence.nodeId }}
                          className="rounded-sm text-primary underline-offset-2 outline-none [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          {occurrence.nodeTitle}
                        </Link>
                        <span className="text-xs text-muted-foreground">
                          {" "}
                          — {occurrence.episodeTitle} · {occurrence.podcastName}
                          {occurrence.time !== null ? ` · ${formatTime(occurrence.time)}` : ""}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
