import { Link } from "@tanstack/react-router";
import { ArrowLeft, BrainCircuit, Clock, Network, Play } from "lucide-react";
import type { ReactNode } from "react";
import type { PostEpisode, PostView } from "~/domain/contract/feed";
import { feedNotices, postTypeLabels } from "~/domain/feed-constants";
import { formatTime } from "~/domain/time";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { Skeleton } from "~/web/components/ui/skeleton";
import { usePost } from "~/web/features/feed/api";
import { isApiError } from "~/web/lib/api-client";
import { formatLongDate } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { playEpisode } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { type PlayAt, PostBlocks } from "./post-blocks";
import { Reflections } from "./reflections";
import { useRssAlternateLink } from "./rss-link";

const playAt: NonNullable<PlayAt> = (episode, seconds) => {
  const playable = toPlayableEpisode(episode);
  if (playable) void playEpisode(playable, { startAt: seconds });
};

const canPlay = (episode: PostEpisode) => toPlayableEpisode(episode) !== null;

/**
 * /feed/{slug} (spec 3 §2 Post page): hero, date, author, read time, topics, title, dek, the body
 * (the server has applied the premium gate), the sources playable from their start, 'Learn it now'
 * and the reflections. A missing post shows 'Post not found' with the way back.
 */
export function PostPage({ slug }: { slug: string }) {
  const post = usePost(slug);
  useRssAlternateLink();
  usePageMeta({
    title: post.data ? (post.data.metaTitle ?? post.data.title) : undefined,
    description: post.data ? (post.data.metaDescription ?? post.data.dek ?? undefined) : undefined,
  });
  const back = (
    <Link to="/feed" className={buttonVariants({ variant: "ghost", size: "sm", className: "self-start" })}>
      <ArrowLeft aria-hidden="true" />
      Back to Deep Dives
    </Link>
  );
  if (post.isPending) return <PostSkeleton />;
  if (post.isError) {
    if (isApiError(post.error) && post.error.status === 404)
      return (
        <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-start gap-4 px-4 py-16 sm:px-6">
          <h1 className="text-2xl font-semibold">{feedNotices.postNotFound}</h1>
          <p className="text-muted-foreground">This post does not exist, or it is not published yet.</p>
          {back}
        </div>
      );
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
        <LoadError title="Deep Dive" onRetry={() => void post.refetch()}>
          We couldn't load this post. {post.error.message}
        </LoadError>
      </div>
    );
  }
  return <PostArticle post={post.data} back={back} />;
}

function PostSkeleton() {
  return (
    <div className="flex w-full flex-col">
      <span role="status" className="sr-only">
        Loading post
      </span>
      <Skeleton className="h-[400px] w-full rounded-none" />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8 sm:px-6">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}

function PostArticle({ post, back }: { post: PostView; back: ReactNode }) {
  const episodeById = new Map(post.episodes.map((episode) => [episode.id, episode]));
  const learnEpisodes = [
    ...new Map(post.sources.map((source) => [source.episodeId, episodeById.get(source.episodeId)])).values(),
  ].filter((episode): episode is PostEpisode => episode !== undefined);
  return (
    <article aria-labelledby="post-title" className="flex w-full flex-col">
      <ImageWithFallback src={post.heroImage} className="h-[400px] w-full object-cover" />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">
        {back}
        <header className="flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="font-medium text-primary">{postTypeLabels[post.type]}</span>
            <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
            {post.author && <span>By {post.author}</span>}
            {post.readTimeMinutes && (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-3.5" />
                {post.readTimeMinutes} min read
              </span>
            )}
          </p>
          {post.topics.length > 0 && (
            <ul aria-label="Topics" className="flex flex-wrap gap-1.5">
              {post.topics.map((topic) => (
                <li key={topic.id}>
                  <Link
                    to="/feed"
                    search={{ topic: topic.slug }}
                    className="rounded-full bg-secondary px-2.5 py-1 text-xs text-secondary-foreground outline-none hover:bg-secondary/80 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {topic.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h1 id="post-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {post.title}
          </h1>
          {post.dek && <p className="text-lg text-pretty text-muted-foreground">{post.dek}</p>}
        </header>

        <PostBlocks blocks={post.blocks} episodes={post.episodes} onPlay={playAt} />

        {post.sources.length > 0 && (
          <section aria-labelledby="sources-heading" className="flex flex-col gap-3">
            <h2 id="sources-heading" className="text-xl font-semibold tracking-tight">
              Sources
            </h2>
            <ul className="flex flex-col gap-3">
              {post.sources.map((source) => {
                const episode = episodeById.get(source.episodeId);
                if (!episode) return null;
                const range =
                  source.startTs !== null
                    ? `${formatTime(source.startTs)}${source.endTs !== null ? `–${formatTime(source.endTs)}` : ""}`
                    : null;
                return (
                  <li
                    key={`${source.episodeId}-${source.startTs}`}
                    className="flex gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground"
                  >
                    <ImageWithFallback
                      src={episode.imageUrl}
                      loading="lazy"
                      className="size-14 shrink-0 rounded-lg"
                    />
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <Link
                        to="/episode/$episodeId"
                        params={{ episodeId: episode.id }}
                        className="font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {episode.title}
                      </Link>
                      <p className="text-xs text-muted-foreground">
                        {episode.podcast.name}
                        {range && <> · {range}</>}
                      </p>
                      {source.quote && <p className="text-sm italic">“{source.quote}”</p>}
                    </div>
                    {canPlay(episode) && (
                      <button
                        type="button"
                        onClick={() => playAt(episode, source.startTs ?? 0)}
                        aria-label={`Play ${episode.title} from ${formatTime(source.startTs ?? 0)}`}
                        className={buttonVariants({
                          variant: "secondary",
                          size: "icon",
                          className: "self-center",
                        })}
                      >
                        <Play aria-hidden="true" />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        {learnEpisodes.length > 0 && (
          <section
            aria-labelledby="learn-heading"
            className="flex flex-col gap-3 rounded-2xl border border-primary/40 bg-primary/5 p-5"
          >
            <h2 id="learn-heading" className="text-lg font-semibold">
              Learn it now
            </h2>
            <p className="text-sm text-muted-foreground">
              Turn this post into knowledge: explore the episode's mind map, then check what stuck with a
              quiz.
            </p>
            <ul className="flex flex-col gap-3">
              {learnEpisodes.map((episode) => (
                <li
                  key={episode.id}
                  className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0 font-medium">{episode.title}</span>
                  <span className="flex flex-wrap gap-2">
                    <Link
                      to="/mindmap/$id"
                      params={{ id: episode.id }}
                      aria-label={`Mind map: ${episode.title}`}
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                    >
                      <Network aria-hidden="true" />
                      Mind map
                    </Link>
                    <Link
                      to="/quiz/$episodeId"
                      params={{ episodeId: episode.id }}
                      aria-label={`Quiz: ${episode.title}`}
                      className={buttonVariants({ size: "sm" })}
                    >
                      <BrainCircuit aria-hidden="true" />
                      Quiz
                    </Link>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}

        <Reflections slug={post.slug} />
      </div>
    </article>
  );
}
