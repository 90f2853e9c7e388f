import { useState } from "react";
import { Button } from "~/web/components/ui/button";

export type CursorPages = ReturnType<typeof useCursorPages>;

/**
 * Previous/next paging over a keyset-paginated list: the cursors of the pages seen so far. A new
 * `listKey` (another filter or search) starts again from the first page, derived in render rather
 * than reset in an effect.
 */
export function useCursorPages(listKey: string) {
  const [state, setState] = useState<{ listKey: string; cursors: (string | null)[] }>({
    listKey,
    cursors: [null],
  });
  const cursors = state.listKey === listKey ? state.cursors : [null];
  return {
    cursor: cursors.at(-1) ?? null,
    page: cursors.length,
    hasPrevious: cursors.length > 1,
    goBack: () => setState({ listKey, cursors: cursors.slice(0, -1) }),
    goForward: (next: string) => setState({ listKey, cursors: [...cursors, next] }),
  };
}

/** The Previous / Page n / Next row under a paged admin list. */
export function CursorPager({
  pages,
  nextCursor,
}: {
  pages: CursorPages;
  nextCursor: string | null | undefined;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={!pages.hasPrevious} onClick={pages.goBack}>
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">Page {pages.page}</span>
      <Button
        variant="outline"
        size="sm"
        disabled={!nextCursor}
        onClick={() => {
          if (nextCursor) pages.goForward(nextCursor);
        }}
      >
        Next
      </Button>
    </div>
  );
}
