import { Link } from "@tanstack/react-router";
import { Home, type LucideIcon, Search, Sparkles } from "lucide-react";
import { buttonVariants } from "~/web/components/ui/button";
import { usePageMeta } from "~/web/lib/page-meta";

export type ComingSoonProps = {
  /** The screen's name, shown as the page heading and the document title. */
  title: string;
  /** One sentence on what the screen will do. */
  description: string;
  icon?: LucideIcon;
};

/** A tidy stand-in for a screen of the route table that has not been built yet. */
export function ComingSoon({ title, description, icon: Icon = Sparkles }: ComingSoonProps) {
  usePageMeta({ title, description });
  return (
    <section
      aria-labelledby="coming-soon-heading"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center sm:py-28"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-primary">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-6 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        Coming soon
      </p>
      <h1
        id="coming-soon-heading"
        className="mt-4 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
      >
        {title}
      </h1>
      <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{description}</p>
      <p className="mt-2 text-sm text-muted-foreground">We're building this screen now. Until it's ready:</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          <Home aria-hidden="true" />
          Home
        </Link>
        <Link to="/search" className={buttonVariants({ variant: "outline" })}>
          <Search aria-hidden="true" />
          Search
        </Link>
      </div>
    </section>
  );
}
