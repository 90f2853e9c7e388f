import { createFileRoute } from "@tanstack/react-router";
import { AuthForm, type AuthMode } from "~/web/features/account/components/auth-form";

export type AuthSearch = {
  /** A return path for after signing in (only same-origin paths are honoured). */
  redirect?: string;
  mode?: AuthMode;
};

/**
 * /auth?mode=sign-in|sign-up&redirect=/return/path — unknown or malformed values are dropped.
 * (A plain function rather than a zod schema keeps zod out of the entry chunk.)
 */
function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const result: AuthSearch = {};
  if (typeof search.redirect === "string" && search.redirect.length > 0) result.redirect = search.redirect;
  if (search.mode === "sign-in" || search.mode === "sign-up") result.mode = search.mode;
  return result;
}

export const Route = createFileRoute("/auth")({
  validateSearch: validateAuthSearch,
  component: AuthPage,
});

function AuthPage() {
  const { mode = "sign-in", redirect } = Route.useSearch();
  const navigate = Route.useNavigate();

  function changeMode(next: AuthMode) {
    void navigate({ search: (previous) => ({ ...previous, mode: next }), replace: true });
  }

  return <AuthForm mode={mode} redirect={redirect} onModeChange={changeMode} />;
}
