import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, Globe, Link2, ListVideo, Lock, Pencil, Search, Trash2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ListView } from "~/domain/contract/library";
import { deleteListConfirmation, moveItem } from "~/domain/library";
import { EpisodeRow, EpisodeRowsSkeleton } from "~/web/components/episode-row";
import { PlayButton } from "~/web/components/play-button";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { ConfirmDialog, Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import {
  useDeleteList,
  useList,
  useRemoveFromList,
  useReorderList,
  useUpdateList,
} from "~/web/features/library/api";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { ListForm } from "./list-form";
import { episodeCountLabel } from "./lists-page";
import { EmptyState, MissingPage, PageHeading, PageShell } from "./page-parts";

/**
 * /lists/{id}: the list's episodes in order. The owner removes and reorders episodes and edits the
 * name, description and visibility; anyone with the link reads a public list. A private list of
 * someone else is "not found", exactly like a list that never existed.
 */
export function ListPage({ listId }: { listId: string }) {
  const list = useList(listId);
  usePageMeta({
    title: list.data?.list.name ?? "List",
    description: list.data?.list.description ?? undefined,
  });

  if (list.isPending) {
    return (
      <PageShell>
        <span className="sr-only" role="status">
          Loading list
        </span>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <EpisodeRowsSkeleton label="Loading episodes" count={3} />
      </PageShell>
    );
  }
  if (list.isError) {
    if (isApiError(list.error) && (list.error.status === 404 || list.error.status === 400)) {
      return <MissingPage title="List not found" description="This list does not exist, or it is private." />;
    }
    return (
      <PageShell>
        <div role="alert" className="flex flex-col items-start gap-3 text-sm">
          <p className="text-destructive">We couldn't load this list. {list.error.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      </PageShell>
    );
  }
  return <ListContent listId={listId} view={list.data} />;
}

function ListContent({ listId, view }: { listId: string; view: ListView }) {
  const { list, episodes } = view;
  const navigate = useNavigate();
  const [isEditOpen, setEditOpen] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const update = useUpdateList(listId);
  const remove = useRemoveFromList(listId);
  const reorder = useReorderList(listId);
  const deleteList = useDeleteList();
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ episodeId: string; direction: "up" | "down" } | null>(null);
  const [announcement, setAnnouncement] = useState("");

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notify.success(
        "Link copied",
        list.isPublic
          ? "Anyone with the link can open this list."
          : "The list is private: only you can open it.",
      );
    } catch {
      notify.error("Failed to copy");
    }
  }

  function move(index: number, to: number, title: string, direction: "up" | "down") {
    const ids = moveItem(
      episodes.map((entry) => entry.episode.id),
      index,
      to,
    );
    const episodeId = ids[to];
    if (episodeId) pendingFocus.current = { episodeId, direction };
    setAnnouncement(`Moved “${title}” ${direction} to position ${to + 1} of ${ids.length}.`);
    reorder.mutate(ids, {
      onError: (error) => notify.error("Could not reorder", isApiError(error) ? error.message : undefined),
    });
  }

  // Keep the keyboard focus on the moved episode's button in its new place.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !episodes.length) return;
    pendingFocus.current = null;
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>(
        `[data-episode="${pending.episodeId}"][data-move]`,
      ) ?? []),
    ];
    const target =
      buttons.find((button) => button.dataset.move === pending.direction && !button.disabled) ??
      buttons.find((button) => !button.disabled);
    target?.focus();
  }, [episodes]);

  return (
    <PageShell>
      <PageHeading
        title={list.name}
        description={
          <div className="flex flex-col gap-2">
            {list.description && (
              <p className="text-base text-pretty text-foreground/90">{list.description}</p>
            )}
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
              <span className="inline-flex items-center gap-1">
                {list.isPublic ? (
                  <Globe aria-hidden="true" className="size-3" />
                ) : (
                  <Lock aria-hidden="true" className="size-3" />
                )}
                {list.isPublic ? "Public" : "Private"}
              </span>
              <span aria-hidden="true">·</span>
              <span>{episodeCountLabel(episodes.length)}</span>
              {!list.isOwner && list.ownerName && (
                <>
                  <span aria-hidden="true">·</span>
                  <span>By {list.ownerName}</span>
                </>
              )}
            </p>
          </div>
        }
        action={
          <div className="flex flex-wrap gap-2">
            {(list.isPublic || list.isOwner) && (
              <Button variant="outline" onClick={() => void copyLink()}>
                <Link2 aria-hidden="true" />
                Copy link
              </Button>
            )}
            {list.isOwner && (
              <>
                <Button variant="outline" onClick={() => setEditOpen(true)}>
                  <Pencil aria-hidden="true" />
                  Edit list
                </Button>
                <Button variant="outline" onClick={() => setDeleteOpen(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete list
                </Button>
              </>
            )}
          </div>
        }
      />

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {list.isOwner && (
        <p className="-mt-2 text-sm">
          <Link to="/lists" className="text-primary underline-offset-4 hover:underline">
            ← All my lists
          </Link>
        </p>
      )}

      {episodes.length === 0 ? (
        <EmptyState
          icon={ListVideo}
          title="No episodes in this list yet"
          description={
            list.isOwner
              ? "Open an episode and choose Add to List to put it here."
              : "The owner has not added any episodes yet."
          }
        >
          {list.isOwner && (
            <Link to="/search" className={buttonVariants()}>
              <Search aria-hidden="true" />
              Find episodes
            </Link>
          )}
        </EmptyState>
      ) : (
        <ol ref={listRef} aria-label="Episodes in this list" className="flex flex-col gap-3">
          {episodes.map((entry, index) => (
            <li key={entry.episode.id}>
              <EpisodeRow
                episode={entry.episode}
                leading={
                  <span className="w-5 shrink-0 text-center text-sm font-semibold text-muted-foreground tabular-nums">
                    {index + 1}
                  </span>
                }
                actions={
                  <>
                    <PlayButton episode={entry.episode} />
                    {list.isOwner && (
                      <>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          data-move="up"
                          data-episode={entry.episode.id}
                          aria-label={`Move up: ${entry.episode.title}`}
                          title="Move up"
                          disabled={index === 0}
                          onClick={() => move(index, index - 1, entry.episode.title, "up")}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          data-move="down"
                          data-episode={entry.episode.id}
                          aria-label={`Move down: ${entry.episode.title}`}
                          title="Move down"
                          disabled={index === episodes.length - 1}
                          onClick={() => move(index, index + 1, entry.episode.title, "down")}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Remove from list: ${entry.episode.title}`}
                          title="Remove from list"
                          onClick={() =>
                            remove.mutate(entry.episode.id, {
                              onSuccess: () => notify.success("Removed from list", entry.episode.title),
                              onError: (error) =>
                                notify.error(
                                  "Could not remove the episode",
                                  isApiError(error) ? error.message : undefined,
                                ),
                            })
                          }
                        >
                          <X aria-hidden="true" />
                        </Button>
                      </>
                    )}
                  </>
                }
              />
            </li>
          ))}
        </ol>
      )}

      {list.isOwner && (
        <>
          <Dialog open={isEditOpen} onOpenChange={setEditOpen}>
            <DialogContent title="Edit list">
              <ListForm
                initial={{ name: list.name, description: list.description ?? "", isPublic: list.isPublic }}
                submitLabel="Save changes"
                pendingLabel="Saving…"
                onCancel={() => setEditOpen(false)}
                onSubmit={async (values) => {
                  await update.mutateAsync(values);
                  notify.success("List updated");
                  setEditOpen(false);
                }}
              />
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            open={isDeleteOpen}
            onOpenChange={setDeleteOpen}
            title={deleteListConfirmation(list.name)}
            confirmLabel="Delete"
            isPending={deleteList.isPending}
            onConfirm={() =>
              deleteList.mutate(listId, {
                onSuccess: () => {
                  notify.success("List deleted", `${list.name} was deleted.`);
                  setDeleteOpen(false);
                  void navigate({ to: "/lists" });
                },
                onError: (error) =>
                  notify.error("Could not delete the list", isApiError(error) ? error.message : undefined),
              })
            }
          />
        </>
      )}
    </PageShell>
  );
}
