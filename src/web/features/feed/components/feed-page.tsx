import { Link } from "@tanstack/react-router";
import { Clock } from "lucide-react";
import type { PostSummary } from "~/domain/contract/feed";
import { FEED_TOPIC_CHIPS, feedNotices, postTypeLabels } from "~/domain/feed-constants";
import { type PostType, postTypes } from "~/domain/post-types";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { type FeedFilters, useFeed, useTopics } from "~/web/features/feed/api";
import { cn } from "~/web/lib/cn";
import { formatDate } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { FollowByRss, useRssAlternateLink } from "./rss-link";

const chipClass = (isActive: boolean) =>
  cn(
    "inline-flex min-h-9 items-center rounded-full border px-3 py-1 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
    isActive
      ? "border-primary bg-primary text-primary-foreground"
      : "border-border bg-card text-foreground hover:bg-muted",
  );

/**
 * /feed (spec 3 §2 Deep Dives feed): format and topic chips kept in the URL and applied by the
 * server, the published posts newest first a page at a time, three skeletons while loading, and
 * the RSS feed where the spec had an e-mail box that sent nothing.
 */
export function FeedPage({ filters }: { filters: FeedFilters }) {
  usePageMeta({
    title: "Deep Dives",
    description:
      "Explainers, weekly syntheses, debates and tactical guides drawn from the world's best conversations.",
  });
  useRssAlternateLink();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Deep Dives</h1>
        <p className="text-sm text-muted-foreground">
          Explainers, weekly syntheses, debates and tactical guides drawn from the world's best conversations.
        </p>
      </header>
      <FeedFilterChips filters={filters} />
      <PostList filters={filters} />
      <FollowByRss />
    </div>
  );
}

function FeedFilterChips({ filters }: { filters: FeedFilters }) {
  const topics = useTopics();
  const formats: { type: PostType | undefined; label: string }[] = [
    { type: undefined, label: "All" },
    ...postTypes.map((type) => ({ type, label: postTypeLabels[type] })),
  ];
  return (
    <nav aria-label="Filter posts" className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-1 text-sm font-medium text-muted-foreground">Format</legend>
        {formats.map(({ type, label }) => (
          <Link
            key={label}
            to="/feed"
            search={{ ...(type ? { type } : {}), ...(filters.topic ? { topic: filters.topic } : {}) }}
            activeOptions={{ exact: true }}
            className={chipClass(filters.type === type)}
          >
            {label}
          </Link>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-1 text-sm font-medium text-muted-foreground">Topic</legend>
        <Link
          to="/feed"
          search={filters.type ? { type: filters.type } : {}}
          activeOptions={{ exact: true }}
          className={chipClass(filters.topic === undefined)}
        >
          All
        </Link>
        {topics.isPending ? (
          <Skeleton className="h-9 w-40 rounded-full" />
        ) : (
          topics.data?.items.map((topic) => (
            <Link
              key={topic.id}
              to="/feed"
              search={{ ...(filters.type ? { type: filters.type } : {}), topic: topic.slug }}
              activeOptions={{ exact: true }}
              className={chipClass(filters.topic === topic.slug)}
            >
              {topic.title}
            </Link>
          ))
        )}
      </fieldset>
    </nav>
  );
}

function PostList({ filters }: { filters: FeedFilters }) {
  const feed = useFeed(filters);
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label="Posts" className="flex flex-col gap-4">
      {feed.isPending ? (
        <div className="flex flex-col gap-4">
          <span role="status" className="sr-only">
            Loading posts
          </span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} data-testid="post-skeleton" className="h-40 w-full rounded-xl" />
          ))}
        </div>
      ) : feed.isError ? (
        <LoadError onRetry={() => void feed.refetch()}>
          We couldn't load posts. {feed.error.message}
        </LoadError>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
          {feedNotices.empty}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {items.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          {feed.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              disabled={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              {feed.isFetchingNextPage && <Spinner />}
              {feed.isFetchingNextPage ? "Loading…" : "Show more posts"}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function PostCard({ post }: { post: PostSummary }) {
  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className="relative flex flex-col gap-4 overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md sm:flex-row"
    >
      <ImageWithFallback
        src={post.heroImage}
        loading="lazy"
        className="aspect-[16/9] w-full shrink-0 object-cover sm:aspect-auto sm:h-auto sm:w-56"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4 sm:pl-0">
        <p className="text-xs font-medium tracking-wide text-primary uppercase">
          {postTypeLabels[post.type]}
        </p>
        <h2 id={`post-${post.id}`} className="text-lg leading-snug font-semibold text-balance">
          <Link
            to="/feed/$slug"
            params={{ slug: post.slug }}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {post.title}
          </Link>
        </h2>
        {post.dek && <p className="line-clamp-3 text-sm text-muted-foreground">{post.dek}</p>}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          {post.author && <span>{post.author}</span>}
          {post.readTimeMinutes && (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3" />
              {post.readTimeMinutes} min read
            </span>
          )}
        </p>
        {post.topics.length > 0 && (
          <ul aria-label="Topics" className="flex flex-wrap gap-1.5">
            {post.topics.slice(0, FEED_TOPIC_CHIPS).map((topic) => (
              <li
                key={topic.id}
                className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground"
              >
                {topic.title}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
