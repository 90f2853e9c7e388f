import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { buttonVariants } from "~/web/components/ui/button";
import { cn } from "~/web/lib/cn";

export function BackToHome({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={buttonVariants({
        variant: "ghost",
        size: "sm",
        className: cn("-ml-2 text-muted-foreground hover:text-foreground", className),
      })}
    >
      <ArrowLeft aria-hidden="true" />
      Back to Home
    </Link>
  );
}
