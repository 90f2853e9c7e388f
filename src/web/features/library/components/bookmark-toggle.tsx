import { useLocation, useNavigate } from "@tanstack/react-router";
import { Bookmark, BookmarkCheck } from "lucide-react";
import { Button } from "~/web/components/ui/button";
import { notify } from "~/web/components/ui/toaster";
import { useBookmarkState, useSetBookmark } from "~/web/features/library/api";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { useSession } from "~/web/lib/session";

/** The current path with its query, as the /auth return path. */
export function useReturnPath() {
  return useLocation({ select: (location) => location.href });
}

/**
 * Bookmark toggle (spec 2 §4): on and off for signed-in users; signed-out visitors go to /auth and
 * come back here afterwards.
 */
export function BookmarkToggle({ episodeId, className }: { episodeId: string; className?: string }) {
  const { isSignedIn, isResolving } = useSession();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const state = useBookmarkState(episodeId, isSignedIn);
  const setBookmark = useSetBookmark(episodeId);
  const isBookmarked = isSignedIn && Boolean(state.data?.bookmarked);

  function toggle() {
    if (!isSignedIn) {
      void navigate({ to: "/auth", search: { redirect: returnPath } });
      return;
    }
    const next = !isBookmarked;
    setBookmark.mutate(next, {
      onSuccess: () => notify.success(next ? "Bookmarked" : "Bookmark removed"),
      onError: (error) =>
        notify.error("Could not update bookmark", isApiError(error) ? error.message : undefined),
    });
  }

  const Icon = isBookmarked ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant="outline"
      size="icon"
      onClick={toggle}
      disabled={isResolving || (isSignedIn && state.isPending)}
      aria-pressed={isBookmarked}
      aria-label="Bookmark"
      title={isBookmarked ? "Remove bookmark" : "Bookmark"}
      className={cn(isBookmarked && "border-primary text-primary", className)}
    >
      <Icon aria-hidden="true" className={cn(isBookmarked && "fill-current")} />
    </Button>
  );
}
