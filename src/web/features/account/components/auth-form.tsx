import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { ArrowLeft, BrainCircuit, Eye, EyeOff, Headphones, Network } from "lucide-react";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import type { z } from "zod";
import {
  authNotices,
  getAuthNotice,
  type SignInInput,
  type SignUpInput,
  signInSchema,
  signUpSchema,
} from "~/domain/auth";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent } from "~/web/components/ui/card";
import { emailInputProps } from "~/web/components/ui/email-input-props";
import { FormField } from "~/web/components/ui/form-field";
import { Input } from "~/web/components/ui/input";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useGoogleSignIn, useSignIn, useSignUp } from "~/web/features/account/api";
import {
  browserSessionStorage,
  PENDING_INVITE_TOKEN_KEY,
  peekPostAuthDestination,
  takePostAuthDestination,
} from "~/web/features/account/post-auth-destination";
import { isApiError, NETWORK_ERROR_MESSAGE } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { configQueryOptions, useSession } from "~/web/lib/session";
import { describeFieldError, showServerFieldErrors, useZodForm } from "~/web/lib/zod-form";

export type AuthMode = "sign-in" | "sign-up";
/** What the form holds; sign-in has no name (its schema drops one). */
type AuthValues = { name?: string; email: string; password: string };
type Field = keyof AuthValues;

const EMPTY_VALUES: AuthValues = { name: "", email: "", password: "" };
const GOOGLE_FAILED_TITLE = "Google sign-in failed";

export type AuthFormProps = {
  mode: AuthMode;
  /** A same-origin return path (validated before use). */
  redirect?: string;
  onModeChange: (mode: AuthMode) => void;
};

/** The /auth screen: sign in or sign up with e-mail and password, or continue with Google. */
export function AuthForm({ mode, redirect, onModeChange }: AuthFormProps) {
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  /** What was typed, handed to the other mode when the learner switches (see AuthCard's key). */
  const [carried, setCarried] = useState<{ mode: AuthMode; values: AuthValues } | null>(null);

  /** Set while a sign-in/up request runs, so the "already signed in" redirect does not jump in. */
  const authInFlight = useRef(false);
  const leaving = useRef(false);

  function goToDestination() {
    if (leaving.current) return;
    leaving.current = true;
    const destination = takePostAuthDestination(redirect, browserSessionStorage());
    void navigate({ href: destination, replace: true });
  }

  async function authenticate(request: () => Promise<unknown>) {
    authInFlight.current = true;
    try {
      await request();
    } catch (error) {
      authInFlight.current = false;
      throw error;
    }
  }

  // Visiting /auth while signed in goes straight on.
  const onSignedIn = useEffectEvent(() => {
    if (!authInFlight.current) goToDestination();
  });
  useEffect(() => {
    if (isSignedIn) onSignedIn();
  }, [isSignedIn]);

  // Signed in already: the effect above is on its way to the destination.
  if (isSignedIn) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner className="size-6 text-muted-foreground" label="Loading" />
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl items-center gap-10 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-16 lg:py-16">
      <BrandPanel />

      <div className="w-full">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2 mb-3 text-muted-foreground hover:text-foreground"
          onClick={() => void navigate({ to: "/" })}
        >
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>

        <Card className="shadow-lg shadow-primary/5">
          <CardContent className="p-6 sm:p-8">
            {/* A different mode starts afresh (no messages, no pending state); only the values travel. */}
            <AuthCard
              key={mode}
              mode={mode}
              redirect={redirect}
              initialValues={carried?.mode === mode ? carried.values : EMPTY_VALUES}
              authenticate={authenticate}
              onAuthenticated={goToDestination}
              onSwitchMode={(values) => {
                const next = mode === "sign-up" ? "sign-in" : "sign-up";
                setCarried({ mode: next, values });
                onModeChange(next);
              }}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function AuthCard({
  mode,
  redirect,
  initialValues,
  authenticate,
  onAuthenticated,
  onSwitchMode,
}: {
  mode: AuthMode;
  redirect: string | undefined;
  initialValues: AuthValues;
  /** Runs the request with the "already signed in" redirect held back; rethrows its failure. */
  authenticate: (request: () => Promise<unknown>) => Promise<void>;
  onAuthenticated: () => void;
  onSwitchMode: (values: AuthValues) => void;
}) {
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const google = useGoogleSignIn();
  const [showPassword, setShowPassword] = useState(false);

  const isSignUp = mode === "sign-up";
  // The key on this component fixes the mode for its lifetime, so the schema never changes under the form.
  const schema: z.ZodType<SignInInput | SignUpInput, AuthValues> = isSignUp ? signUpSchema : signInSchema;
  const form = useZodForm(schema, { defaultValues: initialValues });
  const { errors } = form.formState;
  const fields: readonly Field[] = isSignUp ? ["name", "email", "password"] : ["email", "password"];

  const id = useId();
  const ids = {
    heading: `${id}-heading`,
    name: `${id}-name`,
    email: `${id}-email`,
    password: `${id}-password`,
    passwordHint: `${id}-password-hint`,
    error: (field: Field) => `${id}-${field}-error`,
  };

  const pending = signIn.isPending || signUp.isPending;
  const googlePending = google.isPending;
  const busy = pending || googlePending;

  // Nothing is sent while a field is invalid: the spec's notice for the first one (spec 1 §5).
  function rejectInvalid() {
    const parsed = schema.safeParse(form.getValues());
    if (parsed.success) return;
    const notice = getAuthNotice(parsed.error);
    notify.error(notice.title, notice.description);
  }

  async function submit(values: SignInInput | SignUpInput) {
    try {
      // Only the sign-up schema's output has a name (sign-in's drops the field).
      await authenticate(() => ("name" in values ? signUp.mutateAsync(values) : signIn.mutateAsync(values)));
    } catch (error) {
      showServerFieldErrors(form.setError, error, fields);
      notify.error("Error", isApiError(error) ? error.message : NETWORK_ERROR_MESSAGE);
      return;
    }
    if (isSignUp) notify.success(authNotices.signUpSuccess.title, authNotices.signUpSuccess.description);
    else notify.success(authNotices.signInSuccess.title);
    onAuthenticated();
  }

  async function handleGoogle() {
    if (busy) return;
    const failed = () => notify.error(GOOGLE_FAILED_TITLE, authNotices.googleFailed);
    try {
      const config = await queryClient.ensureQueryData(configQueryOptions);
      if (!config.googleEnabled) {
        failed();
        return;
      }
      const storage = browserSessionStorage();
      const destination = peekPostAuthDestination(redirect, storage);
      const callbackURL = new URL(destination, window.location.origin).href;
      const { url } = await google.mutateAsync(callbackURL);
      if (!url) {
        failed();
        return;
      }
      // The invite now travels in the callback URL.
      try {
        storage?.removeItem(PENDING_INVITE_TOKEN_KEY);
      } catch {
        // ignore
      }
      window.location.assign(url);
    } catch {
      failed();
    }
  }

  const aria = (field: Field, ...extra: (string | undefined)[]) =>
    describeFieldError(errors[field], ids.error(field), ...extra);

  return (
    <>
      <div className="mb-6 flex flex-col gap-1.5">
        <h1 id={ids.heading} className="text-2xl font-semibold tracking-tight">
          {isSignUp ? "Create your Earmark account" : "Sign in to Earmark"}
        </h1>
        <p className="text-sm text-muted-foreground">
          {isSignUp
            ? "Start turning great conversations into lasting knowledge."
            : "Pick up your learning where you left off."}
        </p>
      </div>

      <form
        noValidate
        aria-labelledby={ids.heading}
        aria-busy={pending}
        onSubmit={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(submit, rejectInvalid)(event);
        }}
        className="flex flex-col gap-4"
      >
        {isSignUp && (
          <FormField label="Name" htmlFor={ids.name} error={errors.name?.message} errorId={ids.error("name")}>
            <Input
              id={ids.name}
              type="text"
              autoComplete="name"
              autoCapitalize="words"
              {...form.register("name")}
              {...aria("name")}
            />
          </FormField>
        )}

        <FormField
          label="Email"
          htmlFor={ids.email}
          error={errors.email?.message}
          errorId={ids.error("email")}
        >
          <Input id={ids.email} {...emailInputProps} {...form.register("email")} {...aria("email")} />
        </FormField>

        <FormField
          label="Password"
          htmlFor={ids.password}
          error={errors.password?.message}
          errorId={ids.error("password")}
          hint={isSignUp ? { id: ids.passwordHint, text: "At least 6 characters." } : undefined}
        >
          <div className="relative">
            <Input
              id={ids.password}
              type={showPassword ? "text" : "password"}
              autoComplete={isSignUp ? "new-password" : "current-password"}
              autoCapitalize="none"
              spellCheck={false}
              className="pr-11"
              {...form.register("password")}
              {...aria("password", isSignUp && !errors.password ? ids.passwordHint : undefined)}
            />
            <Button
              variant="ghost"
              size="icon-sm"
              className="absolute top-1/2 right-1 -translate-y-1/2 text-muted-foreground hover:text-foreground"
              aria-pressed={showPassword}
              aria-controls={ids.password}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              <span className="sr-only">Show password</span>
            </Button>
          </div>
        </FormField>

        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
          {pending && <Spinner />}
          {isSignUp ? "Create account" : "Sign in"}
        </Button>
      </form>

      <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>

      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={busy}
        onClick={() => void handleGoogle()}
      >
        {googlePending ? <Spinner /> : <GoogleIcon />}
        Continue with Google
      </Button>

      <p className="mt-6 text-center text-sm">
        <Button
          variant="link"
          className="h-auto p-0 whitespace-normal text-muted-foreground hover:no-underline"
          onClick={() => onSwitchMode(form.getValues())}
        >
          {isSignUp ? "Already have an account?" : "Need an account?"}{" "}
          <span className="font-semibold text-primary underline-offset-4 hover:underline">
            {isSignUp ? "Sign in" : "Sign up"}
          </span>
        </Button>
      </p>
    </>
  );
}

const highlights = [
  { icon: BrainCircuit, text: "Quizzes that turn listening into remembering" },
  { icon: Network, text: "Mind maps of every big idea" },
  { icon: Headphones, text: "Playback that picks up where you left off" },
];

function BrandPanel() {
  return (
    <section aria-label="About Earmark" className="hidden lg:block">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase dark:text-accent">Earmark</p>
      <p className="mt-3 text-4xl leading-tight font-semibold tracking-tight text-balance">
        Learn from the world's best conversations.
      </p>
      <ul className="mt-8 flex flex-col gap-4">
        {highlights.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-muted-foreground">
            <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-primary">
              <Icon aria-hidden="true" className="size-4.5" />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function GoogleIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cn("size-4", className)}>
      <path
        fill="#4285F4"
        d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.02c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.11A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.29 14.28a7.2 7.2 0 0 1 0-4.56V6.61H1.28a12 12 0 0 0 0 10.78l4.01-3.11Z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.61 4.59 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.28 6.61l4.01 3.11C6.23 6.88 8.88 4.77 12 4.77Z"
      />
    </svg>
  );
}
