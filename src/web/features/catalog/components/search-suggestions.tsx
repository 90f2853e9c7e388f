import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Podcast, User } from "lucide-react";
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useState,
} from "react";
import type { Suggestions } from "~/domain/contract/catalog";
import { SUGGEST_MIN_LENGTH } from "~/domain/search";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { SUGGEST_DEBOUNCE_MS, suggestQueryOptions } from "~/web/features/catalog/api";
import { cn } from "~/web/lib/cn";
import { formatCount } from "~/web/lib/format";
import { useDebouncedValue } from "~/web/lib/use-debounced-value";
import type { SuggestionsHandle, SuggestionsState } from "./search-dropdown";

/** One row of the dropdown: an episode, or a podcast or person whose name matches (decision 037). */
type Option = {
  key: string;
  group: "Episodes" | "Podcasts" | "People";
  title: string;
  detail: string;
  image: ReactNode;
  open: () => void;
};

const GROUPS = ["Episodes", "Podcasts", "People"] as const;

/** "3 episodes, 1 podcast and 2 people found", for screen readers. */
function describeFound(data: Suggestions): string {
  const parts = [
    data.episodes.length ? formatCount(data.episodes.length, "episode", "episodes") : null,
    data.podcasts.length ? formatCount(data.podcasts.length, "podcast", "podcasts") : null,
    data.people.length ? formatCount(data.people.length, "person", "people") : null,
  ].filter((part): part is string => part !== null);
  const last = parts.pop();
  return `${parts.length ? `${parts.join(", ")} and ${last}` : last} found`;
}

/**
 * The search dropdown's logic and list (spec 1 §4), loaded when the search box is first focused or
 * typed in (decision 012): at least 2 characters, debounced 300 ms, 'Searching...', then up to 5
 * episodes (one found by its transcript quotes the line) followed by the podcasts and people whose
 * names match (decision 037), or 'No episodes found for "{query}"'; arrow keys move through every
 * row, Enter opens it and Escape closes the open list (through `handle`), and an outside click
 * closes it. The input itself stays in ./search-dropdown.tsx.
 */
export default function SearchSuggestions({
  id,
  listId,
  text,
  open,
  setOpen,
  container,
  handle,
  onState,
}: {
  id: string;
  listId: string;
  text: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  container: RefObject<HTMLDivElement | null>;
  handle: RefObject<SuggestionsHandle | null>;
  onState: (state: SuggestionsState) => void;
}) {
  const navigate = useNavigate();
  const [active, setActive] = useState(-1);
  const query = text.trim();
  const debounced = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery(suggestQueryOptions(debounced));
  // A new result list starts without a highlighted option (adjusted while rendering, not after).
  const [listShown, setListShown] = useState({ data: suggestions.data, query: debounced });
  if (listShown.data !== suggestions.data || listShown.query !== debounced) {
    setListShown({ data: suggestions.data, query: debounced });
    setActive(-1);
  }
  const isLongEnough = query.length >= SUGGEST_MIN_LENGTH;
  const isSearching =
    isLongEnough && (debounced !== query || suggestions.isFetching || suggestions.isPending);
  const data = !isSearching && isLongEnough ? suggestions.data : undefined;
  const results: Option[] = data ? toOptions(data) : [];
  const isOpen = open && isLongEnough;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = isOpen && active >= 0 && results[active] ? optionId(active) : undefined;

  useLayoutEffect(() => onState({ isOpen, activeId }), [isOpen, activeId, onState]);

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen, container, setOpen]);

  function toOptions(found: Suggestions): Option[] {
    return [
      ...found.episodes.map((episode) => ({
        key: `episode-${episode.id}`,
        group: "Episodes" as const,
        title: episode.title,
        detail: episode.transcriptMatch ? `“${episode.transcriptMatch.text}”` : episode.podcastName,
        image: <ImageWithFallback src={episode.imageUrl} loading="lazy" className="size-10 rounded-md" />,
        open: () => void navigate({ to: "/episode/$episodeId", params: { episodeId: episode.id } }),
      })),
      ...found.podcasts.map((podcast) => ({
        key: `podcast-${podcast.id}`,
        group: "Podcasts" as const,
        title: podcast.name,
        detail: podcast.author ? `Podcast · ${podcast.author}` : "Podcast",
        image: (
          <ImageWithFallback
            src={podcast.coverUrl}
            icon={Podcast}
            loading="lazy"
            className="size-10 rounded-md"
          />
        ),
        open: () => void navigate({ to: "/podcast/$id", params: { id: podcast.id } }),
      })),
      ...found.people.map((person) => ({
        key: `${person.kind}-${person.id}`,
        group: "People" as const,
        title: person.name,
        detail: `${person.kind === "host" ? "Host" : "Guest"} · ${formatCount(person.episodeCount, "episode", "episodes")}`,
        image: (
          <ImageWithFallback
            src={person.avatarUrl}
            icon={User}
            loading="lazy"
            className="size-10 rounded-full"
          />
        ),
        open: () =>
          void (person.kind === "host"
            ? navigate({ to: "/host/$hostId", params: { hostId: person.id } })
            : navigate({ to: "/guest/$guestId", params: { guestId: person.id } })),
      })),
    ];
  }

  function choose(option: Option) {
    setOpen(false);
    setActive(-1);
    option.open();
  }

  /** The input's keys that concern the list; true when handled here (the input does the rest). */
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): boolean {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!isLongEnough) return true;
      event.preventDefault();
      setOpen(true);
      if (!results.length) return true;
      const last = results.length - 1;
      setActive((current) =>
        event.key === "ArrowDown" ? (current < last ? current + 1 : 0) : current > 0 ? current - 1 : last,
      );
      return true;
    }
    const chosen = results[active];
    if (event.key === "Enter" && isOpen && chosen) {
      event.preventDefault();
      choose(chosen);
      return true;
    }
    if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return true;
    }
    return false;
  }

  useLayoutEffect(() => {
    handle.current = { onKeyDown };
    return () => {
      handle.current = null;
    };
  });

  return (
    <div
      className={cn(
        "absolute top-full right-0 left-0 z-50 mt-2 overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-lg",
        !isOpen && "hidden",
      )}
    >
      <div
        id={listId}
        role="listbox"
        aria-label="Episode suggestions"
        className="max-h-96 overflow-y-auto py-1"
      >
        {GROUPS.map((group) => {
          const rows = results.flatMap((option, index) =>
            option.group === group ? [{ option, index }] : [],
          );
          if (!rows.length) return null;
          const headingId = `${id}-group-${group}`;
          return (
            // A group of options inside the listbox (ARIA listbox pattern); a fieldset is for form controls.
            // biome-ignore lint/a11y/useSemanticElements: see above.
            <div key={group} role="group" aria-labelledby={headingId}>
              {/* Episodes come first and need no heading when nothing else is listed. */}
              <div
                id={headingId}
                role="presentation"
                className={cn(
                  "px-3 pt-2 pb-1 text-xs font-medium text-muted-foreground",
                  group === "Episodes" && results.length === rows.length && "sr-only",
                )}
              >
                {group}
              </div>
              {rows.map(({ option, index }) => (
                // Options are chosen with the keyboard through the combobox input
                // (aria-activedescendant), so they take no focus of their own.
                // biome-ignore lint/a11y/useFocusableInteractive: see above.
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
                <div
                  key={option.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onPointerMove={() => setActive(index)}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 px-3 py-2",
                    index === active && "bg-muted",
                  )}
                >
                  {option.image}
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{option.title}</span>
                    <span className="block truncate text-xs text-muted-foreground">{option.detail}</span>
                  </span>
                </div>
              ))}
            </div>
          );
        })}
      </div>
      <p
        role="status"
        className={cn("px-4 py-3 text-sm text-muted-foreground", results.length > 0 && "sr-only")}
      >
        {isSearching
          ? "Searching..."
          : data && results.length
            ? describeFound(data)
            : `No episodes found for "${query}"`}
      </p>
    </div>
  );
}
