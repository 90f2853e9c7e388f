import { UserRound } from "lucide-react";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { cn } from "~/web/lib/cn";

/** A user's round picture, or the user icon when there is none. Decorative: the name is beside it. */
export function UserAvatar({ src, className }: { src: string | null; className?: string }) {
  return (
    <ImageWithFallback
      src={src}
      icon={UserRound}
      iconClassName="size-1/2"
      loading="lazy"
      className={cn("size-10 rounded-full", className)}
    />
  );
}
