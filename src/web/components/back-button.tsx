import { useCanGoBack, useRouter } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { Button } from "~/web/components/ui/button";

/** Back to the previous page, or home when the page was opened directly. */
export function BackButton({ label = "Back" }: { label?: string }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-2 self-start"
      onClick={() => {
        if (canGoBack) router.history.back();
        else void router.navigate({ to: "/" });
      }}
    >
      <ArrowLeft aria-hidden="true" />
      {label}
    </Button>
  );
}
