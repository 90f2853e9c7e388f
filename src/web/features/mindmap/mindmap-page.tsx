import { Link } from "@tanstack/react-router";
import {
  ArrowLeft,
  ChevronsDownUp,
  ChevronsUpDown,
  Download,
  GitFork,
  Home,
  ListTree,
  Network,
  Orbit,
  Search,
  Sparkles,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import type { EpisodeMindmap, MindmapNode } from "~/domain/contract/learning";
import type { MindmapViewType } from "~/domain/contract/mindmap";
import {
  ancestorIds,
  countMindmapNodes,
  findMindmapNode,
  MINDMAP_SEARCH_DEBOUNCE_MS,
  searchMindmap,
} from "~/domain/mindmap";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { usePageMeta } from "~/web/lib/page-meta";
import { playEpisode } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { useSession } from "~/web/lib/session";
import { exportMindmap, type MindmapExportFormat } from "./export-mindmap";
import { expandableIds } from "./layout";
import { useEpisodeMindmap, useGenerateMindmap, useMindmapEpisode } from "./mindmap-api";
import { MindmapCanvas, type MindmapCanvasHandle } from "./mindmap-canvas";
import { MindmapOutline } from "./mindmap-outline";
import { NodePanel } from "./node-panel";
import { listOutlineRows } from "./outline-model";
import { useMindmapSession } from "./use-mindmap-session";

const GENERATE_FAILED = "Failed to generate mind map";
const EXPORT_FAILED = "Export failed";

export type MindmapPageProps = {
  episodeId: string;
  view: MindmapViewType;
  /** ?node=: the node to select and centre on load (a concept link from another map). */
  nodeId: string | undefined;
  onViewChange: (view: MindmapViewType) => void;
};

/** /mindmap/{id}?view=tree|radial|graph&node= (spec 2 §2 Mind map). */
export function MindmapPage(props: MindmapPageProps) {
  const episode = useMindmapEpisode(props.episodeId);
  const mindmap = useEpisodeMindmap(props.episodeId);
  const isEpisodeMissing =
    isApiError(episode.error) && (episode.error.status === 404 || episode.error.status === 400);
  const isMapMissing = isApiError(mindmap.error) && mindmap.error.status === 404;

  usePageMeta({
    title: isEpisodeMissing
      ? "Episode not found"
      : `Mind map${episode.data ? `: ${episode.data.title}` : ""}`,
    description: episode.data
      ? `How the ideas of “${episode.data.title}” connect, with their moments.`
      : undefined,
  });

  if (isEpisodeMissing) return <MindmapNotFound />;
  if (episode.isPending || mindmap.isPending) return <MindmapSkeleton />;
  if (episode.isError) {
    return <PageError message={episode.error.message} onRetry={() => void episode.refetch()} />;
  }
  if (isMapMissing) return <GenerateMindmap episode={episode.data} />;
  if (mindmap.isError) {
    return <PageError message={mindmap.error.message} onRetry={() => void mindmap.refetch()} />;
  }
  return <MindmapScreen key={props.episodeId} {...props} episode={episode.data} mindmap={mindmap.data} />;
}

type ViewOption = { view: MindmapViewType; label: string; icon: typeof Network };
const viewOptions: ViewOption[] = [
  { view: "tree", label: "Tree", icon: GitFork },
  { view: "radial", label: "Radial", icon: Orbit },
  { view: "graph", label: "Graph", icon: Network },
];

function MindmapScreen({
  episodeId,
  view,
  nodeId,
  onViewChange,
  episode,
  mindmap,
}: MindmapPageProps & { episode: EpisodeDetail; mindmap: EpisodeMindmap }) {
  const nodes = mindmap.mindmap.nodes;
  const linkedNode = nodeId ? findMindmapNode(nodes, nodeId) : null;
  // Default: the roots open one level; a linked node also opens the way down to it.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () =>
      new Set([
        ...nodes.filter((node) => node.children.length).map((node) => node.id),
        ...(linkedNode ? ancestorIds(nodes, linkedNode.id) : []),
      ]),
  );
  const [selectedId, setSelectedId] = useState<string | null>(linkedNode?.id ?? null);
  const [isPanelOpen, setIsPanelOpen] = useState(linkedNode !== null);
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(
    linkedNode ? { id: linkedNode.id } : null,
  );
  const [query, setQuery] = useState("");
  // The search as last applied (after the debounce): its query and the matching ids, pre-order.
  const [search, setSearch] = useState<{ query: string; ids: string[] }>({ query: "", ids: [] });
  const matchIds = search.ids;
  const [narrowPane, setNarrowPane] = useState<"outline" | "canvas">("outline");
  const [isExporting, setIsExporting] = useState(false);
  const canvas = useRef<MindmapCanvasHandle | null>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const session = useMindmapSession(episodeId, view);

  const total = useMemo(() => countMindmapNodes(nodes), [nodes]);
  // The outline follows a change of the expanded set in a second, interruptible render: the canvas
  // (what the eye is on when expanding) commits and paints first.
  const deferredExpanded = useDeferredValue(expanded);
  const rows = useMemo(() => listOutlineRows(nodes, deferredExpanded), [nodes, deferredExpanded]);
  const matches = useMemo(() => new Set(matchIds), [matchIds]);
  const selected = selectedId ? findMindmapNode(nodes, selectedId) : null;
  const playable = toPlayableEpisode(episode);

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const expandIds = (ids: string[]) =>
    setExpanded((current) => (ids.every((id) => current.has(id)) ? current : new Set([...current, ...ids])));
  const expand = (id: string) => expandIds([id]);
  const collapse = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  const toggle = (id: string) => (expanded.has(id) ? collapse(id) : expand(id));

  // The panel opens from the outline, the canvas or a link: focus returns to whatever opened it.
  const opener = useRef<HTMLElement | null>(null);
  const open = (id: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelectedId(id);
    setIsPanelOpen(true);
    session.recordNodeExplored(id);
  };
  const play = (node: MindmapNode) => {
    if (!playable || node.time === undefined) return;
    session.recordTimestampClicked();
    void playEpisode(playable, { startAt: node.time });
    setIsPanelOpen(false);
  };
  const playById = (id: string) => {
    const node = findMindmapNode(nodes, id);
    if (!node) return;
    // A node without a moment (or an episode that plays elsewhere) opens its panel instead.
    if (node.time === undefined || !playable) open(id);
    else {
      setSelectedId(id);
      play(node);
    }
  };

  const applySearch = (value: string) => {
    const ids = searchMindmap(nodes, value);
    setSearch({ query: value.trim(), ids });
    if (!ids.length) return;
    expandIds(ids.flatMap((id) => ancestorIds(nodes, id)));
    setFocusRequest({ id: ids[0] as string });
  };
  const onQueryChange = (value: string) => {
    setQuery(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => applySearch(value), MINDMAP_SEARCH_DEBOUNCE_MS);
  };

  const runExport = async (format: MindmapExportFormat) => {
    setIsExporting(true);
    try {
      await exportMindmap(mindmap.mindmap, format, canvas.current?.svg() ?? null);
    } catch (error) {
      console.error("Mind-map export failed", error);
      notify.error(EXPORT_FAILED, error instanceof Error ? error.message : undefined);
    } finally {
      setIsExporting(false);
    }
  };

  const mapLabel = `Mind map of ${mindmap.mindmap.episodeTitle}, ${view} view: ${rows.length} of ${total} ideas shown`;
  const viewLabel = viewOptions.find((option) => option.view === view)?.label ?? "Tree";

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-2">
        <Link
          to="/episode/$episodeId"
          params={{ episodeId }}
          className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-3 self-start" })}
        >
          <ArrowLeft aria-hidden="true" />
          Episode
        </Link>
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <Network aria-hidden="true" className="size-6 text-primary" />
          Mind map
        </h1>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          <span className="font-medium text-foreground">{episode.title}</span> · {episode.podcast.name} ·{" "}
          {total} ideas
        </p>
      </header>

      <div role="toolbar" aria-label="Mind map tools" className="flex flex-wrap items-center gap-2">
        <fieldset className="flex rounded-lg border border-border bg-card p-0.5">
          <legend className="sr-only">View</legend>
          {viewOptions.map((option) => (
            <button
              key={option.view}
              type="button"
              aria-pressed={option.view === view}
              onClick={() => option.view !== view && onViewChange(option.view)}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                option.view === view
                  ? "bg-primary text-primary-foreground"
                  : "text-muted-foreground hover:bg-muted hover:text-foreground",
              )}
            >
              <option.icon aria-hidden="true" className="size-4" />
              {option.label}
            </button>
          ))}
        </fieldset>
        <div className="relative min-w-48 basis-full sm:max-w-72 sm:flex-1 sm:basis-auto">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search the map"
            placeholder="Search ideas and concepts"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            className="pl-9"
          />
        </div>
        <p role="status" className="min-w-20 text-sm text-muted-foreground">
          {search.query &&
            (matchIds.length === 0
              ? "No matches"
              : `${matchIds.length} ${matchIds.length === 1 ? "match" : "matches"}`)}
        </p>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <Button variant="outline" size="sm" onClick={() => setExpanded(new Set(expandableIds(nodes)))}>
            <ChevronsUpDown aria-hidden="true" />
            Expand all
          </Button>
          <Button variant="outline" size="sm" onClick={() => setExpanded(new Set())}>
            <ChevronsDownUp aria-hidden="true" />
            Collapse all
          </Button>
          <ExportMenu isBusy={isExporting} onExport={(format) => void runExport(format)} />
        </div>
      </div>

      <fieldset className="flex self-start rounded-lg border border-border bg-card p-0.5 lg:hidden">
        <legend className="sr-only">Show</legend>
        {(
          [
            { pane: "outline", label: "Outline", icon: ListTree },
            { pane: "canvas", label: "Canvas", icon: Network },
          ] as const
        ).map((option) => (
          <button
            key={option.pane}
            type="button"
            aria-pressed={narrowPane === option.pane}
            onClick={() => setNarrowPane(option.pane)}
            className={cn(
              "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
              narrowPane === option.pane
                ? "bg-secondary text-secondary-foreground"
                : "text-muted-foreground hover:bg-muted",
            )}
          >
            <option.icon aria-hidden="true" className="size-4" />
            {option.label}
          </button>
        ))}
      </fieldset>

      <div className="grid min-w-0 gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section
          aria-label="Outline"
          className={cn(
            "min-w-0 rounded-2xl border border-border bg-card p-2 lg:block lg:max-h-[70vh] lg:overflow-y-auto",
            narrowPane === "outline" ? "block" : "hidden",
          )}
        >
          <p id="mindmap-outline-help" className="px-2 pb-2 text-xs text-muted-foreground">
            Arrow keys move and open, Enter plays the moment, Space shows the details.
          </p>
          <MindmapOutline
            rows={rows}
            matches={matches}
            selectedId={selectedId}
            label={`Ideas of ${mindmap.mindmap.episodeTitle}`}
            onExpand={expand}
            onCollapse={collapse}
            onPlay={playById}
            onOpen={open}
          />
        </section>
        <section
          aria-label={`Canvas, ${viewLabel} view`}
          className={cn("min-w-0 lg:block", narrowPane === "canvas" ? "block" : "hidden")}
        >
          <MindmapCanvas
            key={view}
            nodes={nodes}
            expanded={expanded}
            view={view}
            selectedId={selectedId}
            matches={matches}
            focusRequest={focusRequest}
            label={mapLabel}
            onSelect={open}
            onToggle={toggle}
            handleRef={canvas}
          />
        </section>
      </div>

      <NodePanel
        node={isPanelOpen ? selected : null}
        episodeId={episodeId}
        canPlay={playable !== null}
        onPlay={play}
        onClose={() => setIsPanelOpen(false)}
        onClosed={() => {
          if (opener.current?.isConnected) opener.current.focus();
        }}
      />
    </div>
  );
}

const exportFormats: { format: MindmapExportFormat; label: string }[] = [
  { format: "json", label: "JSON" },
  { format: "md", label: "Markdown" },
  { format: "txt", label: "Text" },
  { format: "png", label: "PNG image" },
];

function ExportMenu({
  isBusy,
  onExport,
}: {
  isBusy: boolean;
  onExport: (format: MindmapExportFormat) => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={isBusy}>
          {isBusy ? <Spinner /> : <Download aria-hidden="true" />}
          Export
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {exportFormats.map((item) => (
            <DropdownMenu.Item
              key={item.format}
              onSelect={() => onExport(item.format)}
              className="cursor-pointer rounded-md px-3 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function GenerateMindmap({ episode }: { episode: EpisodeDetail }) {
  const { isSignedIn, isResolving } = useSession();
  const generate = useGenerateMindmap(episode.id);
  const start = () =>
    generate.mutate(undefined, {
      onError: (error) => notify.error(GENERATE_FAILED, error.message),
    });
  return (
    <section
      aria-labelledby="mindmap-empty-heading"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center"
    >
      <Network aria-hidden="true" className="size-10 text-primary" />
      <h1 id="mindmap-empty-heading" className="text-2xl font-semibold tracking-tight">
        No mind map yet
      </h1>
      <p className="text-muted-foreground">
        “{episode.title}” has no mind map yet. Generating one maps its ideas and links each to its moment in
        the audio.
      </p>
      {isResolving ? (
        <Skeleton className="h-10 w-48" />
      ) : isSignedIn ? (
        <Button onClick={start} disabled={generate.isPending}>
          {generate.isPending ? <Spinner /> : <Sparkles aria-hidden="true" />}
          {generate.isPending ? "Generating mind map…" : "Generate mind map"}
        </Button>
      ) : (
        <Link to="/auth" search={{ redirect: `/mindmap/${episode.id}` }} className={buttonVariants()}>
          Sign in to generate a mind map
        </Link>
      )}
      {generate.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Reading the episode and mapping its ideas. This can take a minute.
        </p>
      )}
      <Link
        to="/episode/$episodeId"
        params={{ episodeId: episode.id }}
        className={buttonVariants({ variant: "link" })}
      >
        Back to the episode
      </Link>
    </section>
  );
}

function MindmapNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Episode not found</h1>
      <p className="max-w-md text-muted-foreground">
        There is no episode with this address, so there is no mind map to show.
      </p>
      <Link to="/" className={buttonVariants({ className: "mt-2" })}>
        <Home aria-hidden="true" />
        Go Home
      </Link>
    </div>
  );
}

function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex w-full max-w-xl flex-1 flex-col items-start gap-3 px-4 py-16">
      <h1 className="text-2xl font-semibold">Could not load the mind map</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function MindmapSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-4 py-6 sm:px-6">
      <span className="sr-only" role="status">
        Loading the mind map
      </span>
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-5 w-2/3" />
      <div className="flex flex-wrap gap-2">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-9 w-28" />
      </div>
      <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Skeleton className="hidden h-96 lg:block" />
        <Skeleton className="aspect-[3/2] w-full rounded-2xl" />
      </div>
    </div>
  );
}
