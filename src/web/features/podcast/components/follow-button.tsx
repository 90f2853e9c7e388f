import { useLocation, useNavigate } from "@tanstack/react-router";
import { Check, Plus } from "lucide-react";
import { Button } from "~/web/components/ui/button";
import { notify } from "~/web/components/ui/toaster";
import { usePodcast, useSetFollowing } from "~/web/features/podcast/api";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { useSession } from "~/web/lib/session";

/**
 * Follow / Following for a podcast (the podcast page and the episode page). Signed-out visitors go
 * to /auth and come back here afterwards.
 */
export function FollowButton({
  podcastId,
  size = "default",
  className,
}: {
  podcastId: string;
  size?: "default" | "sm" | "lg";
  className?: string;
}) {
  const { isSignedIn, isResolving } = useSession();
  const navigate = useNavigate();
  const returnPath = useLocation({ select: (location) => location.href });
  const podcast = usePodcast(podcastId);
  const setFollowing = useSetFollowing(podcastId);
  const isFollowing = isSignedIn && podcast.data?.following === true;
  const name = podcast.data?.name ?? "this podcast";

  function toggle() {
    if (!isSignedIn) {
      void navigate({ to: "/auth", search: { redirect: returnPath } });
      return;
    }
    const next = !isFollowing;
    setFollowing.mutate(next, {
      onSuccess: () =>
        notify.success(
          next ? `Following ${name}` : `Unfollowed ${name}`,
          next ? "Its new episodes show in your Following tab." : undefined,
        ),
      onError: (error) =>
        notify.error(
          next ? "Could not follow" : "Could not unfollow",
          isApiError(error) ? error.message : undefined,
        ),
    });
  }

  return (
    <Button
      variant={isFollowing ? "secondary" : "default"}
      size={size}
      onClick={toggle}
      disabled={isResolving || (isSignedIn && podcast.isPending)}
      className={cn(className)}
    >
      {isFollowing ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
      {isFollowing ? "Following" : "Follow"}
    </Button>
  );
}
