import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { Home, type LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { buttonVariants } from "~/web/components/ui/button";
import { useSession } from "~/web/lib/session";

/**
 * Library screens are for signed-in users: others go to /auth and come back here afterwards. The
 * return path is read once: while the redirect is pending the location already names /auth.
 */
export function SignedInOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { isSignedIn, isResolving } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  const [returnPath] = useState(() => router.state.location.href);
  const redirected = useRef(false);
  const mustSignIn = !isResolving && !isSignedIn;
  useEffect(() => {
    if (!mustSignIn || redirected.current) return;
    redirected.current = true;
    void navigate({ to: "/auth", search: { redirect: returnPath }, replace: true });
  }, [mustSignIn, navigate, returnPath]);
  if (!isSignedIn) return fallback;
  return children;
}

export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">{children}</div>
  );
}

export function PageHeading({
  title,
  description,
  action,
  id = "page-heading",
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  id?: string;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 id={id} className="text-2xl font-semibold tracking-tight text-balance break-words sm:text-3xl">
          {title}
        </h1>
        {description && <div className="text-sm text-muted-foreground">{description}</div>}
      </div>
      {action}
    </header>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-pretty text-muted-foreground">{description}</p>
      {children && <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}

/** A missing (or hidden) resource, with Go Home. */
export function MissingPage({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="max-w-md text-muted-foreground">{description}</p>
      <Link to="/" className={buttonVariants({ className: "mt-2" })}>
        <Home aria-hidden="true" />
        Go Home
      </Link>
    </div>
  );
}
