import { Link } from "@tanstack/react-router";
import { Plus, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { postTypeLabels } from "~/domain/feed-constants";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useAdminPost, useAdminPosts, useDeletePost, useDraftWeeklySynthesis } from "~/web/features/feed/api";
import { isApiError } from "~/web/lib/api-client";
import { formatDate } from "~/web/lib/format";
import { PostEditor } from "./post-editor";

const statusLabels = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

/**
 * The Knowledge Lab's Posts tab (decision 029): every post with its status, and the editor to
 * write, schedule and publish them. Self-contained, so the lab mounts it as one tab; the API
 * answers only admins whatever the page shows.
 */
export function PostsAdminTab() {
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const posts = useAdminPosts();
  const remove = useDeletePost();
  const weekly = useDraftWeeklySynthesis();

  if (editing !== null)
    return <EditorLoader postId={editing === "new" ? null : editing} onDone={() => setEditing(null)} />;
  return (
    <section aria-labelledby="posts-admin-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="posts-admin-heading" className="text-lg font-semibold">
          Deep Dives
        </h2>
        <span className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={weekly.isPending}
            onClick={() =>
              weekly.mutate(undefined, {
                onSuccess: (draft) => {
                  notify.success("Weekly Synthesis drafted", "Review it, then publish.");
                  setEditing(draft.id);
                },
                onError: (error) =>
                  notify.error(
                    "Failed to draft the Weekly Synthesis",
                    isApiError(error) ? error.message : undefined,
                  ),
              })
            }
          >
            {weekly.isPending ? <Spinner /> : <Sparkles aria-hidden="true" />}
            Draft this week's synthesis
          </Button>
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            New post
          </Button>
        </span>
      </div>
      {posts.isPending ? (
        <div className="flex flex-col gap-2">
          <span role="status" className="sr-only">
            Loading posts
          </span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </div>
      ) : posts.isError ? (
        <LoadError onRetry={() => void posts.refetch()}>
          We couldn't load posts. {posts.error.message}
        </LoadError>
      ) : posts.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No posts yet. Write the first one.</p>
      ) : (
        <ul
          aria-label="All posts"
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
        >
          {posts.data.items.map((post) => (
            <li key={post.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{post.title}</span>
                <span className="text-xs text-muted-foreground">
                  {postTypeLabels[post.type]} · {statusLabels[post.status]}
                  {post.publishedAt && ` · ${formatDate(post.publishedAt)}`}
                </span>
              </div>
              {post.status === "published" && (
                <Link
                  to="/feed/$slug"
                  params={{ slug: post.slug }}
                  className="text-sm text-primary underline-offset-4 hover:underline"
                >
                  View
                </Link>
              )}
              <Button
                variant="outline"
                size="sm"
                aria-label={`Edit ${post.title}`}
                onClick={() => setEditing(post.id)}
              >
                Edit
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Delete ${post.title}`}
                disabled={remove.isPending}
                onClick={() => {
                  if (!window.confirm(`Delete “${post.title}”? This cannot be undone.`)) return;
                  remove.mutate(post.id, {
                    onSuccess: () => notify.success("Post deleted", post.title),
                    onError: (error) =>
                      notify.error("Failed to delete post", isApiError(error) ? error.message : undefined),
                  });
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EditorLoader({ postId, onDone }: { postId: string | null; onDone: () => void }) {
  const post = useAdminPost(postId);
  if (postId === null) return <PostEditor post={null} onSaved={onDone} onCancel={onDone} />;
  if (post.isPending) return <Skeleton className="h-96 w-full" />;
  if (post.isError)
    return (
      <LoadError onRetry={() => void post.refetch()}>
        We couldn't load the post. {post.error.message}
      </LoadError>
    );
  return <PostEditor key={post.data.id} post={post.data} onSaved={onDone} onCancel={onDone} />;
}
