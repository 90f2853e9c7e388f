import { useNavigate } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { cn } from "~/web/lib/cn";

/** The header's search box: Enter sends the text to /search?q= (spec 1 §2). */
export function HeaderSearch({ className }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    void navigate({ to: "/search", search: q ? { q } : {} });
    setText("");
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role (<search> is not in React's types).
    <form
      role="search"
      aria-label="Search episodes"
      onSubmit={onSubmit}
      className={cn("relative", className)}
    >
      <label htmlFor={id} className="sr-only">
        Search episodes
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        placeholder="Search episodes..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-9 w-full rounded-full border border-input bg-background/80 pr-3 pl-9 text-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/45"
      />
    </form>
  );
}
