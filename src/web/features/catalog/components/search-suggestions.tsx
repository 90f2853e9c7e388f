import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useState } from "react";
import type { EpisodeSuggestion } from "~/domain/contract/catalog";
import { SUGGEST_MIN_LENGTH } from "~/domain/search";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { SUGGEST_DEBOUNCE_MS, suggestQueryOptions } from "~/web/features/catalog/api";
import { cn } from "~/web/lib/cn";
import { useDebouncedValue } from "~/web/lib/use-debounced-value";
import type { SuggestionsHandle, SuggestionsState } from "./search-dropdown";

/**
 * The search dropdown's logic and list (spec 1 §4), loaded when the search box is first focused or
 * typed in (decision 012): at least 2 characters, debounced 300 ms, 'Searching...', up to 5 results
 * or 'No episodes found for "{query}"'; arrow keys, Enter on an option and Escape on the open list
 * through `handle`, and an outside click closes it. The input itself stays in ./search-dropdown.tsx.
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
  const results: EpisodeSuggestion[] = !isSearching && isLongEnough ? (suggestions.data ?? []) : [];
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

  function choose(suggestion: EpisodeSuggestion) {
    setOpen(false);
    setActive(-1);
    void navigate({ to: "/episode/$episodeId", params: { episodeId: suggestion.id } });
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
        {results.map((suggestion, index) => (
          // Options are chosen with the keyboard through the combobox input (aria-activedescendant),
          // so they take no focus of their own.
          // biome-ignore lint/a11y/useFocusableInteractive: see above.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
          <div
            key={suggestion.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
            onPointerMove={() => setActive(index)}
            className={cn("flex cursor-pointer items-center gap-3 px-3 py-2", index === active && "bg-muted")}
          >
            <ImageWithFallback src={suggestion.imageUrl} loading="lazy" className="size-10 rounded-md" />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium">{suggestion.title}</span>
              <span className="block truncate text-xs text-muted-foreground">{suggestion.podcastName}</span>
            </span>
          </div>
        ))}
      </div>
      <p
        role="status"
        className={cn("px-4 py-3 text-sm text-muted-foreground", results.length > 0 && "sr-only")}
      >
        {isSearching
          ? "Searching..."
          : results.length
            ? `${results.length} ${results.length === 1 ? "episode" : "episodes"} found`
            : `No episodes found for "${query}"`}
      </p>
    </div>
  );
}
