import { createFileRoute } from "@tanstack/react-router";
import { UpgradeButton } from "~/web/features/account/components/upgrade-button";
import { PricingPage } from "~/web/features/marketing/components/pricing-page";
import { usePageMeta } from "~/web/lib/page-meta";

export const Route = createFileRoute("/pricing")({
  component: Pricing,
});

function Pricing() {
  usePageMeta({
    title: "Pricing",
    description:
      "Earmark is free to start. Plus is SEK 79 per month with the first 2 weeks free and a 14-day money-back guarantee.",
  });
  return <PricingPage upgradeAction={<UpgradeButton />} />;
}
