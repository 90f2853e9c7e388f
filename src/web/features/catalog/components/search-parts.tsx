import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, Podcast, Search, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { SearchSort } from "~/domain/search";
import { buttonVariants } from "~/web/components/ui/button";
import { podcastSummaryQueryOptions } from "~/web/features/catalog/api";
import { cn } from "~/web/lib/cn";

/** Free-text box: results follow the text as it is typed (debounced); Enter applies it at once. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  /** The last text this box sent (or was given): the URL catching up with it changes nothing here. */
  const [lastSent, setLastSent] = useState(value);

  // Back/forward navigation changes the URL to text this box did not send: show that text
  // (adjusted while rendering, when the URL's value changes).
  const [urlValue, setUrlValue] = useState(value);
  if (value !== urlValue) {
    setUrlValue(value);
    if (value !== lastSent) {
      setLastSent(value);
      setText(value);
    }
  }

  useEffect(() => {
    const q = text.trim();
    if (q === lastSent.trim()) return;
    const timer = setTimeout(() => {
      setLastSent(q);
      onSearch(q);
    }, 300);
    return () => clearTimeout(timer);
  }, [text, lastSent, onSearch]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    setLastSent(q);
    onSearch(q);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role (<search> is not in React's types).
    <form role="search" aria-label="Search episodes" onSubmit={onSubmit} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search episodes
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        placeholder="Search titles, transcripts, people or shows..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-12 w-full rounded-xl border border-input bg-card pr-4 pl-11 text-base outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/45"
      />
    </form>
  );
}

/** The podcast filter (from /search?podcast=): the podcast's name, removable. */
export function PodcastFilterChip({ podcastId, onClear }: { podcastId: string; onClear: () => void }) {
  const { data, isPending, isError } = useQuery(podcastSummaryQueryOptions(podcastId));
  const name = isPending ? "Loading podcast…" : isError || !data ? "Unknown podcast" : data.name;
  return (
    <div className="inline-flex max-w-full items-center gap-2 rounded-full border border-border bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground">
      <Podcast aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">
        <span className="sr-only">Podcast filter: </span>
        {name}
      </span>
      <button
        type="button"
        onClick={onClear}
        aria-label={`Clear podcast filter${data ? ` ${data.name}` : ""}`}
        className="flex size-7 shrink-0 items-center justify-center rounded-full outline-none hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

const sortLabels: Record<SearchSort, string> = {
  relevance: "Most relevant",
  recent: "Newest first",
  oldest: "Oldest first",
};

export function SortSelect({
  value,
  hasText,
  onChange,
}: {
  value: SearchSort;
  hasText: boolean;
  onChange: (sort: SearchSort) => void;
}) {
  const id = useId();
  const options: SearchSort[] = hasText ? ["relevance", "recent", "oldest"] : ["recent", "oldest"];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as SearchSort)}
        className="h-9 rounded-md border border-input bg-card px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/45"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {sortLabels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Pagination({ page, hasMore }: { page: number; hasMore: boolean }) {
  if (page <= 1 && !hasMore) return null;
  const link = (target: number, label: string, icon: "prev" | "next", disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true" className={buttonVariants({ variant: "outline", className: "opacity-50" })}>
        {icon === "prev" && <ChevronLeft aria-hidden="true" />}
        {label}
        {icon === "next" && <ChevronRight aria-hidden="true" />}
      </span>
    ) : (
      <Link
        to="/search"
        search={(previous) => ({ ...previous, page: target > 1 ? target : undefined })}
        rel={icon}
        className={buttonVariants({ variant: "outline" })}
      >
        {icon === "prev" && <ChevronLeft aria-hidden="true" />}
        {label}
        {icon === "next" && <ChevronRight aria-hidden="true" />}
      </Link>
    );
  return (
    <nav aria-label="Pagination" className={cn("mt-8 flex items-center justify-center gap-3")}>
      {link(page - 1, "Previous", "prev", page <= 1)}
      <span className="text-sm text-muted-foreground" aria-current="page">
        Page {page}
      </span>
      {link(page + 1, "Next", "next", !hasMore)}
    </nav>
  );
}
