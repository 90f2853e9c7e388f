import { Link } from "@tanstack/react-router";
import { Lightbulb } from "lucide-react";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import { TimecodeButton } from "~/web/components/timecode-button";
import type { EpisodePlayback } from "~/web/features/episode/use-episode-playback";
import { TabEmpty } from "./tab-empty";
import { TranscriptNotice, transcriptNoticeText } from "./transcript-notice";

/** A timecode that starts playback there (plain text when the episode cannot be played here). */
export function Timecode({
  seconds,
  playback,
  label,
}: {
  seconds: number;
  playback: EpisodePlayback;
  label: string;
}) {
  return (
    <TimecodeButton seconds={seconds} onPlay={playback.playable ? playback.playFrom : null} label={label} />
  );
}

/** Overview: summary, key insights (timed `insights` and legacy `key_insights`), topics. */
export function OverviewTab({ episode, playback }: { episode: EpisodeDetail; playback: EpisodePlayback }) {
  const hasInsights = episode.insights.length > 0 || episode.keyInsights.length > 0;
  if (!episode.summary && !hasInsights && !episode.topics.length) {
    return (
      <TabEmpty
        title="No overview yet"
        description={
          episode.transcription.source === null
            ? (transcriptNoticeText(episode.transcription) ?? "")
            : "This episode has no summary or insights yet."
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {episode.transcription.source === null && <TranscriptNotice transcription={episode.transcription} />}
      {episode.summary && (
        <section aria-labelledby="summary-heading" className="flex flex-col gap-2">
          <h2 id="summary-heading" className="text-lg font-semibold">
            Summary
          </h2>
          {episode.summary
            .split(/\n{2,}/)
            .filter((paragraph) => paragraph.trim())
            .map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text.
              <p key={index} className="leading-relaxed text-pretty text-foreground/90">
                {paragraph}
              </p>
            ))}
        </section>
      )}
      {hasInsights && (
        <section aria-labelledby="insights-heading" className="flex flex-col gap-3">
          <h2 id="insights-heading" className="text-lg font-semibold">
            Key insights
          </h2>
          <ul className="flex flex-col gap-2">
            {episode.insights.map((insight, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: insights have no id and never reorder.
                key={`i${index}`}
                className="flex items-start gap-3 rounded-lg border border-border bg-card p-3"
              >
                <Lightbulb
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-accent-foreground dark:text-accent"
                />
                <p className="min-w-0 flex-1 text-sm leading-relaxed">{insight.keyPoint}</p>
                {insight.timecode !== null && (
                  <Timecode seconds={insight.timecode} playback={playback} label={insight.keyPoint} />
                )}
              </li>
            ))}
            {episode.keyInsights.map((text, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: legacy key points are plain strings.
                key={`k${index}`}
                className="flex items-start gap-3 rounded-lg border border-border bg-card p-3"
              >
                <Lightbulb
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-accent-foreground dark:text-accent"
                />
                <p className="min-w-0 flex-1 text-sm leading-relaxed">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {episode.topics.length > 0 && (
        <section aria-labelledby="topics-heading" className="flex flex-col gap-3">
          <h2 id="topics-heading" className="text-lg font-semibold">
            Topics
          </h2>
          <ul className="flex flex-wrap gap-2">
            {episode.topics.map((topic) => (
              <li key={topic}>
                <Link
                  to="/search"
                  search={{ q: topic }}
                  className="inline-block rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground transition-colors outline-none hover:bg-secondary/70 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {topic}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
