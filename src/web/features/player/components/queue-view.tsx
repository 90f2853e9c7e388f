import { ArrowDown, ArrowUp, GripVertical, X } from "lucide-react";
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { formatTime } from "~/domain/time";
import { Button } from "~/web/components/ui/button";
import { cn } from "~/web/lib/cn";
import { clearQueue, moveInQueue, playFromQueue, removeFromQueue } from "~/web/lib/player/engine";
import { usePlayer } from "~/web/lib/player/store";
import { Artwork } from "./controls";

type Drag = { from: number; over: number };

/**
 * Reordering by pointer (mouse, pen and touch alike): press the handle, move, release. The slot is
 * where the pointer is among the other items.
 */
function useDragReorder(onMove: (from: number, to: number) => void) {
  const listRef = useRef<HTMLOListElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const start = (from: number) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    update({ from, over: from });
    const onPointerMove = (move: PointerEvent) => {
      const items = [...(listRef.current?.querySelectorAll<HTMLElement>("[data-queue-item]") ?? [])];
      const others = items.filter((_, index) => index !== from);
      const over = others.filter((item) => {
        const rect = item.getBoundingClientRect();
        return rect.top + rect.height / 2 < move.clientY;
      }).length;
      if (dragRef.current && dragRef.current.over !== over) update({ from, over });
    };
    const finish = (commit: boolean) => () => {
      handle.removeEventListener("pointermove", onPointerMove);
      handle.removeEventListener("pointerup", onUp);
      handle.removeEventListener("pointercancel", onCancel);
      const current = dragRef.current;
      update(null);
      if (commit && current && current.from !== current.over) onMove(current.from, current.over);
    };
    const onUp = finish(true);
    const onCancel = finish(false);
    handle.addEventListener("pointermove", onPointerMove);
    handle.addEventListener("pointerup", onUp);
    handle.addEventListener("pointercancel", onCancel);
  };

  return { listRef, drag, start };
}

/** The queue (spec 1 §2): 'Queue (n)', 'Clear All', 'Queue is empty'; play, reorder and remove items. */
export function QueueView() {
  const queue = usePlayer((state) => state.queue);
  const queueIndex = usePlayer((state) => state.queueIndex);
  const [announcement, setAnnouncement] = useState("");
  const focusAfterMove = useRef<{ index: number; direction: "up" | "down" } | null>(null);

  const move = (from: number, to: number, direction?: "up" | "down") => {
    const episode = queue[from];
    if (!episode || to < 0 || to >= queue.length) return;
    if (direction) focusAfterMove.current = { index: to, direction };
    moveInQueue(from, to);
    setAnnouncement(`Moved ${episode.title} to position ${to + 1} of ${queue.length}.`);
  };
  const { listRef, drag, start } = useDragReorder((from, to) => move(from, to));

  // Keyboard reordering keeps focus on the moved item's button (or its other one at an end).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each reorder.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-queue-item="${target.index}"]`);
    const button =
      item?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`) ??
      item?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)");
    button?.focus();
  }, [queue]);

  return (
    <section aria-labelledby="player-queue-heading" className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="player-queue-heading" className="text-lg font-semibold">
          Queue ({queue.length})
        </h2>
        <Button variant="ghost" size="sm" onClick={clearQueue} disabled={!queue.length}>
          Clear All
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {queue.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">Queue is empty</p>
      ) : (
        <ol
          ref={listRef}
          aria-label="Queue"
          className="-mx-2 flex min-h-0 flex-col gap-1 overflow-y-auto px-2 pb-2"
        >
          {queue.map((episode, index) => {
            const occurrence = queue.slice(0, index).filter((item) => item.id === episode.id).length;
            const isCurrent = index === queueIndex;
            const isDragged = drag?.from === index;
            const dropBefore =
              drag && drag.from !== drag.over && drag.over === index && drag.over < drag.from;
            const dropAfter = drag && drag.from !== drag.over && drag.over === index && drag.over > drag.from;
            return (
              <li
                // The queue may hold an episode twice: its nth occurrence is its identity.
                key={`${episode.id}#${occurrence}`}
                data-queue-item={index}
                aria-current={isCurrent ? "true" : undefined}
                className={cn(
                  "flex items-center gap-2 rounded-lg border border-transparent p-2",
                  isCurrent && "border-primary/40 bg-secondary/60",
                  isDragged && "opacity-60 ring-2 ring-ring",
                  dropBefore && "border-t-primary",
                  dropAfter && "border-b-primary",
                )}
              >
                <span
                  aria-hidden="true"
                  title="Drag to reorder"
                  onPointerDown={start(index)}
                  className="flex h-10 w-6 shrink-0 cursor-grab touch-none items-center justify-center text-muted-foreground active:cursor-grabbing"
                >
                  <GripVertical className="size-4" />
                </span>
                <Artwork src={episode.imageUrl} className="size-10" />
                <button
                  type="button"
                  onClick={() => void playFromQueue(index)}
                  className="min-w-0 flex-1 rounded-md text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="sr-only">Play </span>
                  <span className="block truncate text-sm font-medium">{episode.title}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {[episode.podcastName, episode.duration ? formatTime(episode.duration) : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  data-move="up"
                  aria-label={`Move ${episode.title} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, "up")}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  data-move="down"
                  aria-label={`Move ${episode.title} down`}
                  disabled={index === queue.length - 1}
                  onClick={() => move(index, index + 1, "down")}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${episode.title} from queue`}
                  onClick={() => removeFromQueue(index)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
