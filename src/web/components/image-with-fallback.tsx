import { Headphones, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "~/web/lib/cn";

/**
 * An image, or a placeholder with an icon (headphones: the app's stand-in for artwork) when there is
 * none or it fails to load; a new `src` gets a new chance. Decorative by default, for an image next
 * to its title; with `alt`, the placeholder carries the same name. `className` sizes and shapes both.
 */
export function ImageWithFallback({
  src,
  alt = "",
  className,
  placeholderClassName,
  icon: Icon = Headphones,
  iconClassName = "size-1/3 max-h-10 max-w-10",
  loading,
  sizes,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
  /** Extra classes for the placeholder only (e.g. a gradient). */
  placeholderClassName?: string;
  icon?: LucideIcon;
  iconClassName?: string;
  loading?: "lazy" | "eager";
  sizes?: string;
}) {
  // The source that failed, rather than a flag: a different `src` is shown again without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === failedSrc) {
    const placeholderClass = cn(
      "flex shrink-0 items-center justify-center bg-secondary text-primary",
      className,
      placeholderClassName,
    );
    const icon = <Icon aria-hidden="true" className={iconClassName} />;
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
      onError={() => setFailedSrc(src)}
      className={cn("shrink-0 bg-secondary object-cover", className)}
    />
  );
}
