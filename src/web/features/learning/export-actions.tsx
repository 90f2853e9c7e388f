import { useMutation } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { FileDown, Layers } from "lucide-react";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useSession } from "~/web/lib/session";
import { downloadExport, exportPaths } from "./export-download";

/** Spec 2 §8: the Anki export's failure notice (title, then description). */
export const ankiExportFailed = {
  title: "Export Failed",
  description: "Could not export to Anki. Please try again.",
} as const;

const fileName = (episodeId: string, extension: string) => `earmark-${episodeId.slice(0, 8)}.${extension}`;

/**
 * Export to Anki (a CSV of the episode's quiz, spec 2 §7) and Export Markdown (an Obsidian-style
 * note). Both need an account: signed-out visitors go to /auth and come back.
 */
export function EpisodeExports({ episodeId }: { episodeId: string }) {
  const { isSignedIn, isResolving } = useSession();
  const navigate = useNavigate();
  const returnPath = useLocation({ select: (location) => location.href });
  const anki = useMutation({
    mutationFn: () =>
      downloadExport(exportPaths.anki, { method: "POST", body: { episodeId } }, fileName(episodeId, "csv")),
    onError: () => notify.error(ankiExportFailed.title, ankiExportFailed.description),
  });
  const markdown = useMutation({
    mutationFn: () =>
      downloadExport(exportPaths.markdown(episodeId), { method: "GET" }, fileName(episodeId, "md")),
    onError: () => notify.error("Export failed"),
  });
  const run = (mutation: typeof anki) => {
    if (!isSignedIn) return void navigate({ to: "/auth", search: { redirect: returnPath } });
    mutation.mutate();
  };

  return (
    <>
      <Button variant="outline" disabled={anki.isPending || isResolving} onClick={() => run(anki)}>
        {anki.isPending ? <Spinner /> : <Layers aria-hidden="true" />}
        Export to Anki
      </Button>
      <Button variant="outline" disabled={markdown.isPending || isResolving} onClick={() => run(markdown)}>
        {markdown.isPending ? <Spinner /> : <FileDown aria-hidden="true" />}
        Export Markdown
      </Button>
    </>
  );
}
