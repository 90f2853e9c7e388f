import { useNavigate } from "@tanstack/react-router";
import { Trash2, UserRound } from "lucide-react";
import { useId, useState } from "react";
import type { Reflection } from "~/domain/contract/feed";
import { feedNotices, REFLECTION_MAX, REFLECTION_MIN } from "~/domain/feed-constants";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";
import { notify } from "~/web/components/ui/toaster";
import { useDeleteReflection, usePostReflection, useReflections } from "~/web/features/feed/api";
import { isApiError } from "~/web/lib/api-client";
import { formatShortDateTime } from "~/web/lib/format";
import { useSession } from "~/web/lib/session";

/**
 * A post's reflections (spec 3 §2, §5): the box (500 at most, a counter, disabled under 10 after
 * trimming; signed-out visitors are sent to /auth), then the reflections newest first. Text only.
 */
export function Reflections({ slug }: { slug: string }) {
  return (
    <section aria-labelledby="reflections-heading" className="flex flex-col gap-4">
      <h2 id="reflections-heading" className="text-xl font-semibold tracking-tight">
        Reflections
      </h2>
      <ReflectionForm slug={slug} />
      <ReflectionList slug={slug} />
    </section>
  );
}

function ReflectionForm({ slug }: { slug: string }) {
  const [content, setContent] = useState("");
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const post = usePostReflection(slug);
  const fieldId = useId();
  const counterId = useId();
  const length = content.trim().length;
  const isTooShort = length < REFLECTION_MIN;

  const submit = () => {
    if (!isSignedIn) {
      void navigate({ to: "/auth", search: { redirect: `/feed/${slug}` } });
      return;
    }
    if (isTooShort || length > REFLECTION_MAX) {
      notify.error(feedNotices.invalidReflection, feedNotices.reflectionLength);
      return;
    }
    post.mutate(content, {
      onSuccess: () => {
        setContent("");
        notify.success(feedNotices.reflectionPosted);
      },
      onError: (error) => notify.error("Error", isApiError(error) ? error.message : undefined),
    });
  };

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        Share your reflection
      </label>
      <Textarea
        id={fieldId}
        value={content}
        maxLength={REFLECTION_MAX}
        onChange={(event) => setContent(event.target.value)}
        placeholder="What stayed with you? What would you push back on?"
        aria-describedby={counterId}
        className="min-h-24"
      />
      <div className="flex items-center justify-between gap-3">
        <p id={counterId} className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {content.length}/{REFLECTION_MAX}
          {isTooShort && <span className="sr-only"> — at least {REFLECTION_MIN} characters</span>}
        </p>
        <Button type="submit" disabled={isTooShort || post.isPending}>
          {post.isPending && <Spinner />}
          Post reflection
        </Button>
      </div>
    </form>
  );
}

function ReflectionList({ slug }: { slug: string }) {
  const reflections = useReflections(slug);
  const items = reflections.data?.pages.flatMap((page) => page.items) ?? [];
  if (reflections.isPending)
    return (
      <div className="flex flex-col gap-3">
        <span role="status" className="sr-only">
          Loading reflections
        </span>
        {[0, 1].map((index) => (
          <Skeleton key={index} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  if (reflections.isError)
    return (
      <LoadError onRetry={() => void reflections.refetch()}>
        We couldn't load reflections. {reflections.error.message}
      </LoadError>
    );
  if (!items.length)
    return <p className="text-sm text-muted-foreground">No reflections yet. Be the first to share one.</p>;
  return (
    <>
      <ul aria-label="Reflections" className="flex flex-col gap-3">
        {items.map((reflection) => (
          <li key={reflection.id}>
            <ReflectionItem slug={slug} reflection={reflection} />
          </li>
        ))}
      </ul>
      {reflections.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={reflections.isFetchingNextPage}
          onClick={() => void reflections.fetchNextPage()}
        >
          {reflections.isFetchingNextPage && <Spinner />}
          Show more reflections
        </Button>
      )}
    </>
  );
}

function ReflectionItem({ slug, reflection }: { slug: string; reflection: Reflection }) {
  const remove = useDeleteReflection(slug);
  const name = reflection.author.name ?? "A listener";
  return (
    <article
      aria-label={`Reflection by ${name}`}
      className="flex gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground"
    >
      <ImageWithFallback
        src={reflection.author.avatarUrl}
        icon={UserRound}
        iconClassName="size-1/2"
        loading="lazy"
        className="size-10 shrink-0 rounded-full"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{name}</span>
          {reflection.author.handle && (
            <span className="text-muted-foreground">@{reflection.author.handle}</span>
          )}
          <time dateTime={reflection.createdAt} className="text-xs text-muted-foreground">
            {formatShortDateTime(reflection.createdAt)}
          </time>
        </p>
        <p className="whitespace-pre-line break-words">{reflection.content}</p>
      </div>
      {reflection.canDelete && (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Delete reflection"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(reflection.id, {
              onSuccess: () => notify.success(feedNotices.reflectionDeleted),
              onError: (error) => notify.error("Error", isApiError(error) ? error.message : undefined),
            })
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </article>
  );
}
