import { Link } from "@tanstack/react-router";
import { Lock, Play, Quote } from "lucide-react";
import type { PostEpisode } from "~/domain/contract/feed";
import type { PostBlock } from "~/domain/feed";
import { formatTime } from "~/domain/time";
import { buttonVariants } from "~/web/components/ui/button-variants";

/** Plays an episode from a second in the global player; null when it cannot play here. */
export type PlayAt = ((episode: PostEpisode, seconds: number) => void) | null;

/**
 * A post's body (spec 3 §3 block types). Every text is rendered as text, never as HTML. A quote
 * with an episode and a timestamp plays that moment; the premium gate shows its teaser with the
 * way to Plus (the server has already left out what follows it).
 */
export function PostBlocks({
  blocks,
  episodes,
  onPlay,
}: {
  blocks: PostBlock[];
  episodes: PostEpisode[];
  onPlay: PlayAt;
}) {
  return (
    <div className="flex flex-col gap-5 text-base leading-relaxed">
      {blocks.map((block, index) => (
        // Blocks have no ids; their order is fixed for a given post.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
        <BlockView key={index} block={block} episodes={episodes} onPlay={onPlay} />
      ))}
    </div>
  );
}

function BlockView({
  block,
  episodes,
  onPlay,
}: {
  block: PostBlock;
  episodes: PostEpisode[];
  onPlay: PlayAt;
}) {
  switch (block.type) {
    case "heading":
      return <h2 className="mt-4 text-xl font-semibold tracking-tight">{block.content}</h2>;
    case "paragraph":
      return <p className="whitespace-pre-line text-pretty">{block.content}</p>;
    case "bullets":
      return (
        <ul className="flex list-disc flex-col gap-2 pl-6 marker:text-primary">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "quote": {
      const episode = block.episodeId ? episodes.find((item) => item.id === block.episodeId) : undefined;
      return (
        <figure className="flex flex-col gap-2 rounded-xl border-l-4 border-primary bg-muted/50 px-5 py-4">
          <blockquote className="flex gap-2 text-lg font-medium italic">
            <Quote aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary" />
            <p>{block.content}</p>
          </blockquote>
          {episode && (
            <figcaption className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>
                {episode.title}
                {block.timestamp !== undefined && <> · {formatTime(block.timestamp)}</>}
              </span>
              {onPlay && block.timestamp !== undefined && (
                <button
                  type="button"
                  onClick={() => onPlay(episode, block.timestamp ?? 0)}
                  aria-label={`Play this moment: ${episode.title} at ${formatTime(block.timestamp)}`}
                  className={buttonVariants({ variant: "secondary", size: "sm", className: "h-8" })}
                >
                  <Play aria-hidden="true" />
                  Play this moment
                </button>
              )}
            </figcaption>
          )}
        </figure>
      );
    }
    case "image":
      return (
        <img
          src={block.src}
          alt={block.alt ?? ""}
          loading="lazy"
          className="w-full rounded-xl border border-border object-cover"
        />
      );
    case "cta":
      return (
        <a
          href={block.url}
          rel={/^\/(?!\/)/.test(block.url) ? undefined : "noopener noreferrer"}
          className={buttonVariants({ className: "self-start" })}
        >
          {block.label}
        </a>
      );
    case "premium-gate":
      return (
        <aside
          aria-label="Premium content"
          className="flex flex-col items-start gap-3 rounded-2xl border border-primary/40 bg-primary/10 p-5"
        >
          <span className="inline-flex items-center gap-2 text-sm font-semibold text-primary">
            <Lock aria-hidden="true" className="size-4" />
            Earmark Plus
          </span>
          <p>{block.content}</p>
          <Link to="/pricing" className={buttonVariants()}>
            See Plus
          </Link>
        </aside>
      );
  }
}
