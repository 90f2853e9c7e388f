import { Play } from "lucide-react";
import { formatTime } from "~/domain/time";

/**
 * A timecode (m:ss, h:mm:ss) that starts playback at that second; plain text when the episode cannot
 * be played here (`onPlay` is null). `label` names what is said there, for screen readers.
 */
export function TimecodeButton({
  seconds,
  onPlay,
  label,
}: {
  seconds: number;
  onPlay: ((seconds: number) => void) | null;
  label?: string;
}) {
  const text = formatTime(seconds);
  if (!onPlay) return <span className="font-mono text-xs text-muted-foreground tabular-nums">{text}</span>;
  return (
    <button
      type="button"
      onClick={() => onPlay(seconds)}
      aria-label={`Play from ${text}${label ? `: ${label}` : ""}`}
      className="inline-flex shrink-0 items-center gap-1 rounded-md bg-secondary px-1.5 py-0.5 font-mono text-xs font-medium text-secondary-foreground tabular-nums transition-colors outline-none hover:bg-primary hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Play aria-hidden="true" className="size-3" />
      {text}
    </button>
  );
}
