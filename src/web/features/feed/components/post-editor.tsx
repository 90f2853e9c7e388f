import { ArrowDown, ArrowUp, Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { AdminPost } from "~/domain/contract/feed";
import { type PostBlock, type PostInput, postInputSchema } from "~/domain/feed";
import { feedNotices, postTypeLabels } from "~/domain/feed-constants";
import { type PostType, postTypes } from "~/domain/post-types";
import { formatTime } from "~/domain/time";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { NativeSelect } from "~/web/components/ui/native-select";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";
import { notify } from "~/web/components/ui/toaster";
import { useSavePost } from "~/web/features/feed/api";
import { isApiError } from "~/web/lib/api-client";
import { PostBlocks } from "./post-blocks";
import { type PickedSource, SourcePicker } from "./source-picker";

type Publication = "draft" | "now" | "schedule" | "keep";
type EditableBlock = { key: number; block: PostBlock };
type EditableSource = {
  key: number;
  episodeId: string;
  episodeTitle: string;
  startTs: string;
  endTs: string;
  quote: string;
};
type Draft = {
  type: PostType;
  title: string;
  slug: string;
  dek: string;
  heroImage: string;
  author: string;
  readTimeMinutes: string;
  metaTitle: string;
  metaDescription: string;
  topics: string;
  publication: Publication;
  scheduledAt: string;
  blocks: EditableBlock[];
  sources: EditableSource[];
};

let nextKey = 1;
const keyed = (block: PostBlock): EditableBlock => ({ key: nextKey++, block });

const emptyBlock: Record<PostBlock["type"], () => PostBlock> = {
  heading: () => ({ type: "heading", content: "" }),
  paragraph: () => ({ type: "paragraph", content: "" }),
  bullets: () => ({ type: "bullets", items: [""] }),
  quote: () => ({ type: "quote", content: "" }),
  image: () => ({ type: "image", src: "", alt: "" }),
  cta: () => ({ type: "cta", url: "", label: "" }),
  "premium-gate": () => ({ type: "premium-gate", content: "" }),
};

const blockLabels: Record<PostBlock["type"], string> = {
  heading: "Heading",
  paragraph: "Paragraph",
  bullets: "Bullets",
  quote: "Quote",
  image: "Image",
  cta: "Button",
  "premium-gate": "Premium gate",
};

/** A datetime-local value ("2026-11-26T09:30") in the browser's zone, from an ISO time. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function toDraft(post: AdminPost | null): Draft {
  return {
    type: post?.type ?? "explainer",
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    dek: post?.dek ?? "",
    heroImage: post?.heroImage ?? "",
    author: post?.author ?? "",
    readTimeMinutes: post?.readTimeMinutes ? String(post.readTimeMinutes) : "",
    metaTitle: post?.metaTitle ?? "",
    metaDescription: post?.metaDescription ?? "",
    topics: post?.topics.map((topic) => topic.title).join(", ") ?? "",
    publication: post?.publishedAt ? "keep" : "draft",
    scheduledAt: post?.publishedAt ? toLocalInput(post.publishedAt) : "",
    blocks: (post?.blocks ?? [{ type: "paragraph", content: "" }]).map(keyed),
    sources: (post?.sources ?? []).map((source) => ({
      key: nextKey++,
      episodeId: source.episodeId,
      episodeTitle: source.episodeTitle,
      startTs: source.startTs === null ? "" : String(source.startTs),
      endTs: source.endTs === null ? "" : String(source.endTs),
      quote: source.quote ?? "",
    })),
  };
}

const toInt = (value: string) => (value.trim() === "" ? null : Number(value));

function toInput(draft: Draft, post: AdminPost | null): PostInput {
  const publishedAt =
    draft.publication === "draft"
      ? null
      : draft.publication === "now"
        ? new Date().toISOString()
        : draft.publication === "keep"
          ? (post?.publishedAt ?? null)
          : draft.scheduledAt
            ? new Date(draft.scheduledAt).toISOString()
            : "";
  return {
    type: draft.type,
    title: draft.title,
    slug: draft.slug,
    dek: draft.dek,
    heroImage: draft.heroImage,
    author: draft.author,
    readTimeMinutes: toInt(draft.readTimeMinutes),
    publishedAt,
    metaTitle: draft.metaTitle,
    metaDescription: draft.metaDescription,
    topics: draft.topics
      .split(",")
      .map((topic) => topic.trim())
      .filter(Boolean),
    blocks: draft.blocks.map(({ block }) =>
      block.type === "bullets" ? { ...block, items: block.items.filter((item) => item.trim()) } : block,
    ),
    sources: draft.sources.map((source) => ({
      episodeId: source.episodeId,
      startTs: toInt(source.startTs),
      endTs: toInt(source.endTs),
      quote: source.quote,
    })),
  };
}

/**
 * Writes a Deep Dive (admins; the server checks the role): format, title, slug (blank: generated),
 * dek, hero, topics, the body blocks, the sources picked from transcripts, and the publication —
 * a draft, now, or scheduled for a time. Preview shows the body as readers will see it.
 */
export function PostEditor({
  post,
  onSaved,
  onCancel,
}: {
  post: AdminPost | null;
  onSaved: (post: AdminPost) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isPreview, setPreview] = useState(false);
  const save = useSavePost();
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setBlock = (key: number, block: PostBlock) =>
    set(
      "blocks",
      draft.blocks.map((item) => (item.key === key ? { key, block } : item)),
    );
  const moveBlock = (index: number, by: -1 | 1) => {
    const blocks = [...draft.blocks];
    const [item] = blocks.splice(index, 1);
    if (item) blocks.splice(index + by, 0, item);
    set("blocks", blocks);
  };
  const setSource = (key: number, patch: Partial<EditableSource>) =>
    set(
      "sources",
      draft.sources.map((source) => (source.key === key ? { ...source, ...patch } : source)),
    );
  const sourceEpisodes = [...new Map(draft.sources.map((source) => [source.episodeId, source.episodeTitle]))];

  const submit = () => {
    const input = toInput(draft, post);
    const parsed = postInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
      if (draft.publication === "schedule" && !draft.scheduledAt)
        fields.publishedAt = "Choose when to publish.";
      setErrors(fields);
      notify.error(feedNotices.postSaveFailed, Object.values(fields)[0]);
      return;
    }
    setErrors({});
    save.mutate(
      { id: post?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notify.success(
            saved.status === "published"
              ? "Post published"
              : saved.status === "scheduled"
                ? "Post scheduled"
                : "Draft saved",
            `/feed/${saved.slug}`,
          );
          onSaved(saved);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields);
          notify.error(feedNotices.postSaveFailed, isApiError(error) ? error.message : undefined);
        },
      },
    );
  };

  const field = (name: keyof Draft & string, label: string, input: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {input}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="text-xs text-destructive">
          {errors[name]}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
  const text = (
    name: "title" | "slug" | "dek" | "heroImage" | "author" | "metaTitle" | "metaDescription" | "topics",
  ) => ({
    id: `${id}-${name}`,
    value: draft[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  const errorList = Object.entries(errors).filter(
    ([key]) => key.startsWith("blocks") || key.startsWith("sources") || key === "body",
  );

  return (
    <form
      aria-label={post ? `Edit ${post.title}` : "New post"}
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{post ? "Edit post" : "New post"}</h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={isPreview}
          onClick={() => setPreview(!isPreview)}
        >
          {isPreview ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {isPreview ? "Back to editing" : "Preview"}
        </Button>
      </div>

      {isPreview ? (
        <section aria-label="Preview" className="flex flex-col gap-4 rounded-2xl border border-border p-5">
          <p className="text-sm text-primary">{postTypeLabels[draft.type]}</p>
          <h3 className="text-2xl font-semibold">{draft.title || "Untitled"}</h3>
          {draft.dek && <p className="text-muted-foreground">{draft.dek}</p>}
          <PostBlocks blocks={draft.blocks.map((item) => item.block)} episodes={[]} onPlay={null} />
        </section>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              "type",
              "Format",
              <NativeSelect
                id={`${id}-type`}
                value={draft.type}
                onChange={(event) => set("type", event.target.value as PostType)}
              >
                {postTypes.map((type) => (
                  <option key={type} value={type}>
                    {postTypeLabels[type]}
                  </option>
                ))}
              </NativeSelect>,
            )}
            {field("title", "Title", <Input {...text("title")} required maxLength={200} />)}
            {field("slug", "Slug", <Input {...text("slug")} maxLength={80} />, "Blank: made from the title.")}
            {field("author", "Author", <Input {...text("author")} maxLength={100} />)}
            {field(
              "heroImage",
              "Hero image address",
              <Input {...text("heroImage")} />,
              "https://… or a path on this site.",
            )}
            {field(
              "readTimeMinutes",
              "Read time (minutes)",
              <Input
                id={`${id}-readTimeMinutes`}
                type="number"
                min={1}
                max={180}
                value={draft.readTimeMinutes}
                onChange={(event) => set("readTimeMinutes", event.target.value)}
              />,
              "Blank: estimated from the words.",
            )}
          </div>
          {field("dek", "Dek", <Textarea {...text("dek")} maxLength={400} className="min-h-16" />)}
          {field(
            "topics",
            "Topics",
            <Input {...text("topics")} />,
            "Comma-separated; new topics are created.",
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {field("metaTitle", "Meta title", <Input {...text("metaTitle")} maxLength={120} />)}
            {field(
              "metaDescription",
              "Meta description",
              <Input {...text("metaDescription")} maxLength={300} />,
            )}
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-base font-semibold">Body</legend>
            {draft.blocks.map((item, index) => (
              <BlockEditor
                key={item.key}
                block={item.block}
                index={index}
                count={draft.blocks.length}
                sourceEpisodes={sourceEpisodes}
                error={Object.entries(errors).find(([key]) => key.startsWith(`blocks.${index}`))?.[1]}
                onChange={(block) => setBlock(item.key, block)}
                onMove={(by) => moveBlock(index, by)}
                onRemove={() =>
                  set(
                    "blocks",
                    draft.blocks.filter((other) => other.key !== item.key),
                  )
                }
              />
            ))}
            <div className="flex flex-wrap gap-2">
              {(Object.keys(emptyBlock) as PostBlock["type"][]).map((type) => (
                <Button
                  key={type}
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => set("blocks", [...draft.blocks, keyed(emptyBlock[type]())])}
                >
                  <Plus aria-hidden="true" />
                  {blockLabels[type]}
                </Button>
              ))}
            </div>
          </fieldset>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-base font-semibold">Sources</legend>
            {draft.sources.map((source, index) => (
              <div key={source.key} className="flex flex-col gap-2 rounded-xl border border-border p-3">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium">{source.episodeTitle}</p>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove source ${index + 1}`}
                    onClick={() =>
                      set(
                        "sources",
                        draft.sources.filter((other) => other.key !== source.key),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <div className="flex flex-col gap-1 text-xs">
                    <label htmlFor={`${id}-f1-${source.key}`}>Start (seconds)</label>
                    <Input
                      id={`${id}-f1-${source.key}`}
                      type="number"
                      min={0}
                      value={source.startTs}
                      onChange={(event) => setSource(source.key, { startTs: event.target.value })}
                    />
                  </div>
                  <div className="flex flex-col gap-1 text-xs">
                    <label htmlFor={`${id}-f2-${source.key}`}>End (seconds)</label>
                    <Input
                      id={`${id}-f2-${source.key}`}
                      type="number"
                      min={0}
                      value={source.endTs}
                      onChange={(event) => setSource(source.key, { endTs: event.target.value })}
                    />
                  </div>
                </div>
                <div className="flex flex-col gap-1 text-xs">
                  <label htmlFor={`${id}-f3-${source.key}`}>Quote</label>
                  <Textarea
                    id={`${id}-f3-${source.key}`}
                    className="min-h-14"
                    value={source.quote}
                    onChange={(event) => setSource(source.key, { quote: event.target.value })}
                  />
                </div>
              </div>
            ))}
            <SourcePicker
              onPick={(picked: PickedSource) =>
                set("sources", [
                  ...draft.sources,
                  {
                    key: nextKey++,
                    episodeId: picked.episodeId,
                    episodeTitle: picked.episodeTitle,
                    startTs: String(picked.startTs),
                    endTs: String(picked.endTs),
                    quote: picked.quote,
                  },
                ])
              }
            />
          </fieldset>
        </>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-base font-semibold">Publication</legend>
        {(
          [
            ...(post?.publishedAt
              ? [["keep", `Keep as ${post.status} (${new Date(post.publishedAt).toLocaleString()})`]]
              : []),
            ["draft", "Draft (not visible)"],
            ["now", "Publish now"],
            ["schedule", "Schedule for a time"],
          ] as [Publication, string][]
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-publication`}
              value={value}
              checked={draft.publication === value}
              onChange={() => set("publication", value)}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
        {draft.publication === "schedule" && (
          <div className="flex max-w-xs flex-col gap-1 text-sm">
            <label htmlFor={`${id}-publish-at`}>Publish at</label>
            <Input
              id={`${id}-publish-at`}
              type="datetime-local"
              value={draft.scheduledAt}
              onChange={(event) => set("scheduledAt", event.target.value)}
              aria-invalid={errors.publishedAt ? true : undefined}
            />
          </div>
        )}
        {errors.publishedAt && <p className="text-xs text-destructive">{errors.publishedAt}</p>}
      </fieldset>

      {errorList.length > 0 && (
        <ul role="alert" className="list-disc pl-5 text-sm text-destructive">
          {errorList.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          Save
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function BlockEditor({
  block,
  index,
  count,
  sourceEpisodes,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  block: PostBlock;
  index: number;
  count: number;
  sourceEpisodes: [string, string][];
  error: string | undefined;
  onChange: (block: PostBlock) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const label = `${blockLabels[block.type]} (block ${index + 1})`;
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-border p-3">
      <legend className="sr-only">{label}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-medium">
          {label}
        </span>
        <span className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={`Move ${label} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={`Move ${label} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove ${label}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </div>
      {block.type === "heading" && (
        <Input
          aria-label={`${label} text`}
          value={block.content}
          onChange={(event) => onChange({ ...block, content: event.target.value })}
        />
      )}
      {(block.type === "paragraph" || block.type === "premium-gate") && (
        <Textarea
          aria-label={block.type === "premium-gate" ? `${label} teaser` : `${label} text`}
          className="min-h-20"
          value={block.content}
          onChange={(event) => onChange({ ...block, content: event.target.value })}
        />
      )}
      {block.type === "bullets" && (
        <Textarea
          aria-label={`${label} items, one per line`}
          className="min-h-20"
          value={block.items.join("\n")}
          onChange={(event) => onChange({ ...block, items: event.target.value.split("\n") })}
        />
      )}
      {block.type === "quote" && (
        <>
          <Textarea
            aria-label={`${label} text`}
            className="min-h-14"
            value={block.content}
            onChange={(event) => onChange({ ...block, content: event.target.value })}
          />
          <div className="grid gap-2 sm:grid-cols-2">
            <NativeSelect
              aria-label={`${label} episode`}
              value={block.episodeId ?? ""}
              onChange={(event) => {
                const { episodeId: _episode, timestamp: _time, ...rest } = block;
                onChange(
                  event.target.value
                    ? { ...rest, episodeId: event.target.value, timestamp: block.timestamp ?? 0 }
                    : rest,
                );
              }}
            >
              <option value="">No episode</option>
              {sourceEpisodes.map(([episodeId, title]) => (
                <option key={episodeId} value={episodeId}>
                  {title}
                </option>
              ))}
            </NativeSelect>
            {block.episodeId && (
              <div className="flex items-center gap-2 text-xs">
                <label htmlFor={`${id}-f5-${index}`}>
                  Time (seconds){block.timestamp !== undefined && ` · ${formatTime(block.timestamp)}`}
                </label>
                <Input
                  id={`${id}-f5-${index}`}
                  type="number"
                  min={0}
                  value={block.timestamp ?? 0}
                  onChange={(event) =>
                    onChange({
                      ...block,
                      timestamp: Math.max(0, Math.floor(Number(event.target.value) || 0)),
                    })
                  }
                />
              </div>
            )}
          </div>
        </>
      )}
      {block.type === "image" && (
        <div className="grid gap-2 sm:grid-cols-2">
          <Input
            aria-label={`${label} address`}
            value={block.src}
            onChange={(event) => onChange({ ...block, src: event.target.value })}
          />
          <Input
            aria-label={`${label} alt text`}
            value={block.alt ?? ""}
            onChange={(event) => onChange({ ...block, alt: event.target.value })}
          />
        </div>
      )}
      {block.type === "cta" && (
        <div className="grid gap-2 sm:grid-cols-2">
          <Input
            aria-label={`${label} label`}
            value={block.label}
            onChange={(event) => onChange({ ...block, label: event.target.value })}
          />
          <Input
            aria-label={`${label} link`}
            value={block.url}
            onChange={(event) => onChange({ ...block, url: event.target.value })}
          />
        </div>
      )}
      {error && <p className="text-xs text-destructive">{error}</p>}
    </fieldset>
  );
}
