import { SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { ASK_QUESTION_MAX, askQuestionSchema } from "~/domain/ask";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";

/**
 * The chat input (spec 2 §5): a question must be non-blank after trimming; Enter sends, Shift+Enter
 * starts a new line. `onAsk` resolves false when the question was not answered, and the text comes
 * back so nothing typed is lost.
 */
export function AskComposer({
  isPending,
  onAsk,
}: {
  isPending: boolean;
  onAsk: (question: string) => Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const parsed = askQuestionSchema.safeParse({ question: text });
  const canSend = parsed.success && !isPending;

  async function send() {
    if (!parsed.success || isPending) return;
    const typed = text;
    setText("");
    const isAnswered = await onAsk(parsed.data.question);
    if (!isAnswered) setText((current) => current || typed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing: its Enter confirms a character.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      aria-label="Ask a question"
      className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-3 shadow-sm transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/45"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor="ask-question" className="sr-only">
        Your question
      </label>
      <Textarea
        id="ask-question"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={ASK_QUESTION_MAX}
        rows={2}
        placeholder="Ask a question about this episode…"
        aria-describedby="ask-question-hint"
        className="min-h-16 resize-none border-0 bg-transparent px-1 shadow-none focus-visible:ring-0"
      />
      <div className="flex items-center justify-between gap-3">
        <p id="ask-question-hint" className="text-xs text-muted-foreground">
          Enter to send, Shift+Enter for a new line
        </p>
        <Button type="submit" size="sm" disabled={!canSend}>
          {isPending ? <Spinner /> : <SendHorizontal aria-hidden="true" />}
          Send
        </Button>
      </div>
    </form>
  );
}
