import { Link, useNavigate } from "@tanstack/react-router";
import { format } from "date-fns";
import { CreditCard, Download, KeyRound, LogOut, Sparkles, Trash2, UserRound } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  accountNotices,
  changePasswordSchema,
  DELETE_CONFIRMATION,
  deleteAccountSchema,
} from "~/domain/account-controls";
import type { AccountOverview, SubscriptionSummary } from "~/domain/contract/billing";
import { PAST_DUE_GRACE_DAYS } from "~/domain/plans";
import { LoadError } from "~/web/components/load-error";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/web/components/ui/card";
import { FormField } from "~/web/components/ui/form-field";
import { Input } from "~/web/components/ui/input";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import {
  downloadMyData,
  useAccount,
  useChangePassword,
  useDeleteAccount,
  useOpenPortal,
  useSignOutEverywhere,
  useSyncBilling,
} from "~/web/features/account/account-api";
import { SignOutButton } from "~/web/features/account/components/sign-out-button";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { usePageMeta } from "~/web/lib/page-meta";

export type CheckoutReturn = "success" | "cancelled" | undefined;

/**
 * /account (spec 3 §2 Account, §4, §8; decision 030): profile, plan and billing, security, the data
 * export and the Danger Zone. Returning from Checkout (?checkout=success) re-reads the subscription
 * so the plan shows Plus at once.
 */
export function AccountPage({ checkout }: { checkout: CheckoutReturn }) {
  usePageMeta({
    title: "Account",
    description: "Your profile details, your plan and billing, and your data.",
  });
  const account = useAccount();
  const sync = useSyncBilling();
  const navigate = useNavigate();
  const handledReturn = useRef(false);

  useEffect(() => {
    if (!checkout || handledReturn.current) return;
    handledReturn.current = true;
    void navigate({ to: "/account", search: {}, replace: true });
    if (checkout === "cancelled") {
      notify.info("Checkout cancelled", "You have not been charged. You can upgrade any time.");
      return;
    }
    sync.mutate(undefined, {
      onSuccess: (status) => {
        if (status.plan === "plus") notify.success("Welcome to Plus!", "Your subscription is active.");
      },
      onError: (error) => notify.error("Your subscription could not be checked yet", error.message),
    });
  }, [checkout, navigate, sync]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Account</h1>
      {account.isPending || sync.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your account" className="size-6" />
        </div>
      ) : account.isError ? (
        <LoadError onRetry={() => void account.refetch()}>{accountNotices.loadFailed}</LoadError>
      ) : (
        <>
          <ProfileCard account={account.data} />
          <PlanCard account={account.data} />
          {account.data.hasPassword && <PasswordCard />}
          <DataCard />
          <DangerZone />
        </>
      )}
    </div>
  );
}

/** A card with an h2 title that names its region (so each part of the page is a landmark). */
function Section({
  title,
  icon,
  description,
  children,
}: {
  title: string;
  icon: ReactNode;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <h2 id={id} className="flex items-center gap-2 text-lg leading-tight font-semibold tracking-tight">
          {icon}
          {title}
        </h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="w-24 shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ProfileCard({ account }: { account: AccountOverview }) {
  return (
    <Section title="Profile" icon={<UserRound aria-hidden="true" className="size-5" />}>
      <div className="flex flex-col gap-4">
        <dl className="flex flex-col gap-3">
          <Row label="Name">{account.name ?? "Not set"}</Row>
          <Row label="Email">{account.email}</Row>
          <Row label="Handle">{account.handle ? `@${account.handle}` : "not-set"}</Row>
        </dl>
        <Link
          to="/profile/edit"
          className={buttonVariants({ variant: "outline", size: "sm", className: "self-start" })}
        >
          Edit Profile
        </Link>
      </div>
    </Section>
  );
}

const statusLabels: Record<SubscriptionSummary["status"], string> = {
  trialing: "Trial",
  active: "Active",
  past_due: "Payment due",
  canceled: "Canceled",
  unpaid: "Unpaid",
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
  paused: "Paused",
};

const longDate = (iso: string) => format(new Date(iso), "MMMM d, yyyy");

function periodLine(subscription: SubscriptionSummary): string | null {
  const end = subscription.currentPeriodEnd;
  if (!end) return null;
  if (subscription.status === "trialing") {
    return subscription.cancelAtPeriodEnd
      ? `Trial ends ${longDate(end)}; Plus ends then`
      : `Trial ends ${longDate(end)}`;
  }
  if (subscription.status === "active") {
    return subscription.cancelAtPeriodEnd ? `Plus ends ${longDate(end)}` : `Renews ${longDate(end)}`;
  }
  if (subscription.status === "past_due") {
    return `The last payment failed. Update your card: Plus stays for ${PAST_DUE_GRACE_DAYS} days after ${longDate(end)}.`;
  }
  return null;
}

function PlanCard({ account }: { account: AccountOverview }) {
  const { billing } = account;
  const portal = useOpenPortal();
  const isPlus = billing.plan === "plus";
  const line = billing.subscription ? periodLine(billing.subscription) : null;
  const isOpening = portal.isPending || portal.isSuccess;

  async function openPortal() {
    try {
      const { url } = await portal.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      notify.error(accountNotices.portalFailed, error instanceof Error ? error.message : undefined);
    }
  }

  return (
    <Section title="Plan" icon={<CreditCard aria-hidden="true" className="size-5" />}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xl font-semibold">{isPlus ? "Plus" : "Free"}</p>
          {billing.subscription && (
            <span
              className={cn(
                "rounded-full border px-2.5 py-0.5 text-xs font-medium",
                isPlus
                  ? "border-primary/50 bg-primary/10 text-foreground"
                  : "border-border text-muted-foreground",
              )}
            >
              {statusLabels[billing.subscription.status]}
            </span>
          )}
        </div>
        {line && <p className="text-sm text-muted-foreground">{line}</p>}
        {!isPlus && !billing.enabled && (
          <p className="text-sm text-muted-foreground">{accountNotices.billingOff}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {!isPlus && billing.enabled && (
            <Link to="/pricing" className={buttonVariants({ size: "sm" })}>
              <Sparkles aria-hidden="true" />
              Upgrade to Plus
            </Link>
          )}
          {billing.canManageBilling && (
            <Button variant="outline" size="sm" onClick={() => void openPortal()} disabled={isOpening}>
              {isOpening ? <Spinner /> : <CreditCard aria-hidden="true" />}
              Manage billing
            </Button>
          )}
        </div>
      </div>
    </Section>
  );
}

function PasswordCard() {
  const id = useId();
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword: current, newPassword: next });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync(parsed.data);
      setCurrent("");
      setNext("");
      notify.success(accountNotices.passwordChanged);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      notify.error("Password not changed", error instanceof Error ? error.message : undefined);
    }
  }

  return (
    <Section
      title="Password"
      icon={<KeyRound aria-hidden="true" className="size-5" />}
      description="Changing it signs you out on every other device."
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label="Current password"
          htmlFor={`${id}-current`}
          error={errors.currentPassword}
          errorId={`${id}-current-error`}
        >
          <Input
            id={`${id}-current`}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            aria-invalid={Boolean(errors.currentPassword)}
            aria-describedby={errors.currentPassword ? `${id}-current-error` : undefined}
          />
        </FormField>
        <FormField
          label="New password"
          htmlFor={`${id}-new`}
          error={errors.newPassword}
          errorId={`${id}-new-error`}
        >
          <Input
            id={`${id}-new`}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            aria-invalid={Boolean(errors.newPassword)}
            aria-describedby={errors.newPassword ? `${id}-new-error` : undefined}
          />
        </FormField>
        <Button type="submit" size="sm" className="self-start" disabled={change.isPending}>
          {change.isPending && <Spinner />}
          Change password
        </Button>
      </form>
    </Section>
  );
}

function DataCard() {
  const [isPreparing, setPreparing] = useState(false);

  async function download() {
    setPreparing(true);
    try {
      await downloadMyData();
      notify.success("Your data is downloading", "A JSON file with everything Earmark stores about you.");
    } catch (error) {
      notify.error("Download failed", error instanceof Error ? error.message : undefined);
    } finally {
      setPreparing(false);
    }
  }

  return (
    <Section
      title="Your data"
      icon={<Download aria-hidden="true" className="size-5" />}
      description="Your profile, answers, review cards, lists, bookmarks, reflections and history, as one JSON file."
    >
      <Button variant="outline" size="sm" onClick={() => void download()} disabled={isPreparing}>
        {isPreparing ? <Spinner /> : <Download aria-hidden="true" />}
        Download my data
      </Button>
    </Section>
  );
}

/** Destructive actions read as such in both themes (a filled red button fails contrast in dark). */
const dangerButton = "border-destructive/60 text-destructive hover:bg-destructive/10 hover:text-destructive";

function DangerZone() {
  const id = useId();
  const navigate = useNavigate();
  const everywhere = useSignOutEverywhere();
  const remove = useDeleteAccount();
  const [isConfirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const isConfirmed = deleteAccountSchema.safeParse({ confirmation: typed }).success;

  async function signOutEverywhere() {
    try {
      await everywhere.mutateAsync();
      notify.success(accountNotices.signedOutEverywhere);
      await navigate({ to: "/auth" });
    } catch (error) {
      notify.error("Could not sign out everywhere", error instanceof Error ? error.message : undefined);
    }
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync({ confirmation: typed });
      notify.success(accountNotices.accountDeleted);
      await navigate({ to: "/" });
    } catch (error) {
      notify.error("Your account was not deleted", error instanceof Error ? error.message : undefined);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-danger`}
      className="rounded-xl border border-destructive/50 bg-card p-6 shadow-sm"
    >
      <h2 id={`${id}-danger`} className="text-lg font-semibold text-destructive">
        Danger Zone
      </h2>
      <div className="mt-4 flex flex-wrap gap-2">
        <SignOutButton label="Sign Out" />
        <Button
          variant="outline"
          size="sm"
          onClick={() => void signOutEverywhere()}
          disabled={everywhere.isPending}
        >
          {everywhere.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          Sign out everywhere
        </Button>
        {!isConfirming && (
          <Button variant="outline" className={dangerButton} size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Delete account
          </Button>
        )}
      </div>
      {isConfirming && (
        <form className="mt-6 flex flex-col gap-4" onSubmit={(event) => void deleteAccount(event)} noValidate>
          <p className="text-sm">
            This deletes your account, your progress, lists, bookmarks, reflections and history for good, and
            cancels your Plus subscription. It cannot be undone.
          </p>
          <FormField
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            htmlFor={`${id}-confirm`}
            error={undefined}
            errorId={`${id}-confirm-error`}
          >
            <Input
              id={`${id}-confirm`}
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className="max-w-xs"
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="outline"
              className={dangerButton}
              size="sm"
              disabled={!isConfirmed || remove.isPending}
            >
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
              Delete my account permanently
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setConfirming(false);
                setTyped("");
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
