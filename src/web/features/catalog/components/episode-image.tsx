import { Headphones } from "lucide-react";
import { useState } from "react";
import { cn } from "~/web/lib/cn";

/**
 * Episode artwork, or a placeholder when there is none or it fails to load. Decorative by default
 * (the title is always next to it); pass `alt` when the image stands alone.
 */
export function EpisodeImage({
  src,
  alt = "",
  className,
  loading = "lazy",
  sizes,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
  loading?: "lazy" | "eager";
  sizes?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    const placeholderClass = cn(
      "flex shrink-0 items-center justify-center bg-secondary text-primary",
      className,
    );
    const icon = <Headphones aria-hidden="true" className="size-1/3 max-h-10 max-w-10" />;
    if (!alt) {
      return (
        <span aria-hidden="true" className={placeholderClass}>
          {icon}
        </span>
      );
    }
    return (
      <span role="img" aria-label={alt} className={placeholderClass}>
        {icon}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={loading}
      decoding="async"
      sizes={sizes}
      onError={() => setFailed(true)}
      className={cn("shrink-0 bg-secondary object-cover", className)}
    />
  );
}
