import { Link, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { usePageMeta } from "~/web/lib/page-meta";

/** Spec 3 §2: any unknown path shows this page; the bad path is logged. */
export default function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  usePageMeta({ title: "Page not found", description: "This page does not exist." });

  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${pathname}`);
  }, [pathname]);

  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="bg-gradient-to-br from-primary to-accent bg-clip-text text-7xl font-bold tracking-tight text-transparent">
        404
      </h1>
      <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className={buttonVariants({ className: "mt-8" })}>
        Return to Home
      </Link>
    </div>
  );
}
