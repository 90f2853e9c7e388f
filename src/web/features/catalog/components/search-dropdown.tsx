import { useNavigate } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/web/lib/cn";

// The dropdown's logic and list load when the box is first focused or typed in (decision 012).
const SearchSuggestions = lazy(() => import("./search-suggestions"));

export type SuggestionsHandle = { onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => boolean };
export type SuggestionsState = { isOpen: boolean; activeId: string | undefined };

const closed: SuggestionsState = { isOpen: false, activeId: undefined };

/**
 * Search as you type (spec 1 §4 Search dropdown), an ARIA combobox. This is its input, which is on
 * the landing page's first render; the suggestions (./search-suggestions.tsx) load on first use and
 * take the keys that concern their list. Otherwise Enter opens the search page and Escape clears the text.
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
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<SuggestionsHandle | null>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [isUsed, setUsed] = useState(false);
  const [state, setState] = useState<SuggestionsState>(closed);

  function activate() {
    setOpen(true);
    setUsed(true);
  }

  // Text typed into the prerendered box, or focus it took, before the app took it over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    if (element.value) setText(element.value);
    if (element.value || document.activeElement === element) activate();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (handle.current?.onKeyDown(event)) return;
    if (event.key === "Enter") {
      event.preventDefault();
      const q = text.trim();
      if (!q) return;
      setOpen(false);
      void navigate({ to: "/search", search: { q } });
    } else if (event.key === "Escape" && text) {
      event.preventDefault();
      setText("");
    }
  }

  const placeholder = (
    <div className="hidden">
      <div id={listId} role="listbox" aria-label="Episode suggestions" />
    </div>
  );

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
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search episodes..."
        aria-expanded={state.isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={state.activeId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          activate();
        }}
        onFocus={activate}
        onKeyDown={onKeyDown}
        className={cn(
          "h-10 w-full rounded-full border border-input bg-background/80 pr-4 pl-9 text-sm text-foreground outline-none",
          "placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/45",
          inputClassName,
        )}
      />
      {isUsed ? (
        <Suspense fallback={placeholder}>
          <SearchSuggestions
            id={id}
            listId={listId}
            text={text}
            open={open}
            setOpen={setOpen}
            container={container}
            handle={handle}
            onState={setState}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
