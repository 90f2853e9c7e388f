import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { BrainCircuit, DatabaseZap, ListPlus, MessageCircleQuestion, Network } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import { canEnrichEpisode } from "~/domain/episode";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useEnrichEpisode } from "~/web/features/episode/use-enrich-episode";
import { isApiError } from "~/web/lib/api-client";
import { useSession } from "~/web/lib/session";

export type AddToListSlot = (props: {
  episode: EpisodeDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

/**
 * Spec 2 §2 actions: Mind Map, Take Quiz, Ask AI, Add to List (signed-out visitors go to /auth),
 * Enrich Data, which is offered only when the episode has no transcript text, no guests and no
 * chapters, and the exports (a slot filled by the learning feature).
 */
export function EpisodeActions({
  episode,
  addToList,
  exports,
}: {
  episode: EpisodeDetail;
  addToList: AddToListSlot;
  exports: ReactNode;
}) {
  const { isSignedIn, isResolving } = useSession();
  const navigate = useNavigate();
  const returnPath = useLocation({ select: (location) => location.href });
  const [isListOpen, setListOpen] = useState(false);
  const enrich = useEnrichEpisode(episode.id);
  const showEnrich = canEnrichEpisode({
    hasTranscript: episode.hasTranscript,
    guestCount: episode.guests.length,
    chapterCount: episode.chapters.length,
  });

  const toAuth = () => void navigate({ to: "/auth", search: { redirect: returnPath } });
  const linkClass = buttonVariants({ variant: "outline" });

  return (
    <nav aria-label="Episode actions" className="flex flex-wrap gap-2">
      <Link to="/mindmap/$id" params={{ id: episode.id }} className={linkClass}>
        <Network aria-hidden="true" />
        Mind Map
      </Link>
      <Link to="/quiz/$episodeId" params={{ episodeId: episode.id }} className={linkClass}>
        <BrainCircuit aria-hidden="true" />
        Take Quiz
      </Link>
      <Link to="/ask/$id" params={{ id: episode.id }} className={linkClass}>
        <MessageCircleQuestion aria-hidden="true" />
        Ask AI
      </Link>
      <Button
        variant="outline"
        aria-haspopup="dialog"
        disabled={isResolving}
        onClick={() => (isSignedIn ? setListOpen(true) : toAuth())}
      >
        <ListPlus aria-hidden="true" />
        Add to List
      </Button>
      {showEnrich && (
        <Button
          variant="outline"
          disabled={enrich.isPending || isResolving}
          onClick={() => {
            if (!isSignedIn) return toAuth();
            enrich.mutate(undefined, {
              onSuccess: () =>
                notify.success(
                  "Enrichment started",
                  "We're fetching the transcript, chapters and people. This page updates when they arrive.",
                ),
              onError: (error) =>
                notify.error(
                  "Enrichment failed",
                  isApiError(error) && error.status > 0 ? error.message : "Failed to enrich episode",
                ),
            });
          }}
        >
          {enrich.isPending ? <Spinner /> : <DatabaseZap aria-hidden="true" />}
          Enrich Data
        </Button>
      )}
      {exports}
      {isSignedIn && addToList({ episode, open: isListOpen, onOpenChange: setListOpen })}
    </nav>
  );
}
