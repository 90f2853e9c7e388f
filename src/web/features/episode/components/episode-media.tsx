import type { EpisodeDetail } from "~/domain/contract/episodes";
import { youtubeEmbedUrl } from "~/domain/episode";
import { describeTime, formatTime } from "~/domain/time";
import type { EpisodePlayback } from "~/web/features/episode/use-episode-playback";
import { seekTo } from "~/web/lib/player/engine";

/**
 * Spec 2 §2: an audio player only for audio URLs that are not video-site links; a video episode
 * embeds the video instead, through YouTube's privacy-enhanced domain (youtube-nocookie.com).
 */
export function EpisodeMedia({ episode, playback }: { episode: EpisodeDetail; playback: EpisodePlayback }) {
  if (playback.playable) return <AudioPanel episode={episode} playback={playback} />;
  const embed = youtubeEmbedUrl(episode.youtubeUrl, episode.audioUrl);
  if (!embed) return null;
  return (
    <section
      aria-label="Video"
      className="overflow-hidden rounded-xl border border-border bg-black shadow-sm"
    >
      <iframe
        src={embed}
        title={`Video: ${episode.title}`}
        className="aspect-video w-full"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; web-share"
        allowFullScreen
      />
    </section>
  );
}

/** Where this episode is in the global player, with a seek slider (moving it starts playback there). */
function AudioPanel({ episode, playback }: { episode: EpisodeDetail; playback: EpisodePlayback }) {
  const position = playback.currentTime ?? 0;
  const duration = Math.max(playback.duration, position, 0);
  return (
    <section
      aria-label="Audio player"
      className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex items-center justify-between text-xs text-muted-foreground tabular-nums">
        <span>
          <span className="sr-only">Position </span>
          {formatTime(position)}
        </span>
        <span className="truncate px-2 text-center">
          {playback.isPlaying ? "Playing" : playback.isCurrent ? "Paused" : "Not playing"}
        </span>
        <span>
          <span className="sr-only">Duration </span>
          {duration ? formatTime(duration) : "--:--"}
        </span>
      </div>
      <input
        type="range"
        min={0}
        max={Math.max(1, Math.floor(duration))}
        step={1}
        value={Math.floor(position)}
        aria-label={`Seek in ${episode.title}`}
        aria-valuetext={`${describeTime(position)} of ${describeTime(duration)}`}
        onChange={(event) => {
          const seconds = Number(event.target.value);
          if (playback.isCurrent) seekTo(seconds);
          else playback.playFrom(seconds);
        }}
        className="h-2 w-full cursor-pointer accent-primary"
      />
    </section>
  );
}
