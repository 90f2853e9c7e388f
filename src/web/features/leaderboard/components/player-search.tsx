import { Search } from "lucide-react";
import { useId, useState } from "react";
import { PLAYER_SEARCH_MIN } from "~/domain/contract/leaderboard";
import { Input } from "~/web/components/ui/input";
import { Spinner } from "~/web/components/ui/spinner";
import { usePlayerSearch } from "~/web/features/leaderboard/api";
import { formatXp } from "./format-xp";
import { PlayerIdentity } from "./ranked-list";

/** Search players by name or handle; each result opens their profile. */
export function PlayerSearch() {
  const [text, setText] = useState("");
  const inputId = useId();
  const search = usePlayerSearch(text);
  const trimmed = text.trim();
  const isTooShort = trimmed.length > 0 && trimmed.length < PLAYER_SEARCH_MIN;

  return (
    <section aria-label="Search players" className="flex flex-col gap-2">
      <label htmlFor={inputId} className="sr-only">
        Search players by name or handle
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search players by name or handle"
          autoComplete="off"
          maxLength={50}
          className="pl-9"
        />
      </div>
      <div aria-live="polite">
        {isTooShort ? (
          <p className="text-sm text-muted-foreground">Type at least {PLAYER_SEARCH_MIN} characters.</p>
        ) : trimmed.length === 0 ? null : search.isFetching && !search.data ? (
          <Spinner label="Searching players" className="size-5" />
        ) : search.isError ? (
          <p className="text-sm text-destructive">Searching failed. {search.error.message}</p>
        ) : search.data && search.data.players.length === 0 ? (
          <p className="text-sm text-muted-foreground">No players found matching “{trimmed}”.</p>
        ) : search.data ? (
          <ul aria-label="Players found" className="flex flex-col gap-1 rounded-xl border border-border p-2">
            {search.data.players.map((player) => (
              <li key={player.userId} className="flex items-center gap-2 rounded-lg p-1">
                <PlayerIdentity player={player} />
                <span className="shrink-0 text-sm tabular-nums text-muted-foreground">
                  {formatXp(player.xp)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
