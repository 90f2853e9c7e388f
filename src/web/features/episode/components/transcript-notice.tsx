import { Info } from "lucide-react";
import type { Transcription } from "~/domain/contract/episodes";

/**
 * What the learning features of an episode without a transcript are made from, said plainly: most
 * feeds ship none, and a summary drawn from show notes should not pass for one drawn from the talk.
 */
export function transcriptNoticeText(transcription: Transcription): string | null {
  if (transcription.source === "service")
    return "Transcribed automatically: names and numbers may be misheard.";
  if (transcription.source === "feed") return null;
  switch (transcription.state) {
    case "queued":
    case "running":
      return "This episode is being transcribed. Its summary, quiz and mind map will be rebuilt from the transcript when it is ready.";
    case "failed":
      return "Transcribing this episode has not worked yet. Until a transcript exists, its summary, quiz and mind map are drawn from the show notes.";
    default:
      return "This episode has no transcript yet, so its summary, quiz and mind map are drawn from the show notes.";
  }
}

export function TranscriptNotice({ transcription }: { transcription: Transcription }) {
  const text = transcriptNoticeText(transcription);
  if (!text) return null;
  return (
    <p
      data-testid="transcript-notice"
      className="flex items-start gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
