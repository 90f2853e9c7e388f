import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/web/lib/cn";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS, type Suggestion, suggestQueryOptions } from "../api";
import { useDebouncedValue } from "../use-debounced-value";
import { EpisodeImage } from "./episode-image";

/**
 * Search as you type (spec 1 §4 Search dropdown), an ARIA combobox: at least 2 characters, debounced
 * 300 ms, 'Searching...', up to 5 results or 'No episodes found for "{query}"'. Arrow keys move,
 * Enter opens the highlighted episode (or the search page), Escape closes; an outside click or a
 * choice closes it too.
 */
export function SearchDropdown({
  className,
  inputClassName,
}: {
  className?: string;
  inputClassName?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = text.trim();
  const debounced = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery(suggestQueryOptions(debounced));
  const isLongEnough = query.length >= SUGGEST_MIN_CHARS;
  const isSearching =
    isLongEnough && (debounced !== query || suggestions.isFetching || suggestions.isPending);
  const results: Suggestion[] = !isSearching && isLongEnough ? (suggestions.data ?? []) : [];
  const isOpen = open && isLongEnough;

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

  // A new result list starts without a highlighted option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the results change.
  useEffect(() => setActive(-1), [suggestions.data, debounced]);

  function choose(suggestion: Suggestion) {
    setOpen(false);
    setActive(-1);
    void navigate({ to: "/episode/$episodeId", params: { episodeId: suggestion.id } });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!isLongEnough) return;
      event.preventDefault();
      setOpen(true);
      if (!results.length) return;
      const last = results.length - 1;
      setActive((current) =>
        event.key === "ArrowDown" ? (current < last ? current + 1 : 0) : current > 0 ? current - 1 : last,
      );
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      const chosen = results[active];
      if (isOpen && chosen) return choose(chosen);
      if (!query) return;
      setOpen(false);
      void navigate({ to: "/search", search: { q: query } });
      return;
    }
    if (event.key === "Escape") {
      if (isOpen) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText("");
      }
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div ref={container} className={cn("relative w-full", className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Search episodes
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search episodes..."
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isOpen && active >= 0 && results[active] ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={cn(
          "h-10 w-full rounded-full border border-input bg-background/80 pr-4 pl-9 text-sm text-foreground outline-none",
          "placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/45",
          inputClassName,
        )}
      />
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
              className={cn(
                "flex cursor-pointer items-center gap-3 px-3 py-2",
                index === active && "bg-muted",
              )}
            >
              <EpisodeImage src={suggestion.imageUrl} className="size-10 rounded-md" />
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
    </div>
  );
}
