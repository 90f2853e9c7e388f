import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";

/** The quiz screens' column: the quiz itself and its results. */
export function QuizFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      {children}
    </div>
  );
}

/** Back to the episode, what this screen is (`eyebrow`), and the episode's title. */
export function QuizHeading({
  episodeId,
  eyebrow,
  title,
}: {
  episodeId: string;
  eyebrow: string;
  title: string;
}) {
  return (
    <header className="flex flex-col gap-2">
      <Link
        to="/episode/$episodeId"
        params={{ episodeId }}
        className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to episode
      </Link>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{eyebrow}</p>
      <h1 className="text-2xl font-semibold tracking-tight text-balance break-words sm:text-3xl">{title}</h1>
    </header>
  );
}
