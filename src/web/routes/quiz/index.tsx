import { createFileRoute, Link } from "@tanstack/react-router";
import { ListChecks, Search } from "lucide-react";
import { buttonVariants } from "~/web/components/ui/button";
import { QuizPage } from "~/web/features/learning/quiz-page";
import { usePageMeta } from "~/web/lib/page-meta";

/** /quiz?episodeId={id} is the same screen as /quiz/{id} (spec 3 §2). */
function validateSearch(search: Record<string, unknown>): { episodeId?: string } {
  return typeof search.episodeId === "string" && search.episodeId.length > 0
    ? { episodeId: search.episodeId }
    : {};
}

export const Route = createFileRoute("/quiz/")({
  validateSearch,
  component: QuizRoute,
});

function QuizRoute() {
  const { episodeId } = Route.useSearch();
  return episodeId ? <QuizPage key={episodeId} episodeId={episodeId} /> : <PickAnEpisode />;
}

function PickAnEpisode() {
  usePageMeta({
    title: "Quiz",
    description: "Pick an episode and test what you remember with a short quiz.",
  });
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-primary">
        <ListChecks aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-3xl font-semibold tracking-tight">Quiz</h1>
      <p className="text-muted-foreground">
        Every episode has its own quiz. Pick one you've listened to, then choose Take Quiz on its page.
      </p>
      <Link to="/search" className={buttonVariants({ className: "mt-2" })}>
        <Search aria-hidden="true" />
        Find an episode
      </Link>
    </section>
  );
}
