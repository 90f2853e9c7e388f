import { BrainCircuit, type LucideIcon, Network, Sparkles } from "lucide-react";
import { Card, CardContent, CardDescription, CardTitle } from "~/web/components/ui/card";
import { FeaturedEpisode, LatestInsights, RecentEpisodes } from "./home-sections";

const features: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: "AI-Powered Quizzes",
    description:
      "Check what stuck with short quizzes generated from every episode, then review at the right time.",
    icon: BrainCircuit,
  },
  {
    title: "Visual Mindmaps",
    description: "See how an episode's ideas connect, from the big themes down to the memorable details.",
    icon: Network,
  },
  {
    title: "Deep Insights",
    description: "Weekly posts that distil the sharpest ideas from the world's best conversations.",
    icon: Sparkles,
  },
];

/**
 * Spec 1 §2, signed out, below the hero: the featured and recent episodes, latest insights and the
 * feature cards. Its own chunk, which hydrates the prerendered markup when it arrives (decision 012).
 */
export default function LandingSections() {
  return (
    <>
      <FeaturedEpisode />
      <RecentEpisodes />
      <LatestInsights />

      <section aria-labelledby="features-heading" className="py-10 pb-20">
        <h2 id="features-heading" className="mb-4 text-xl font-semibold tracking-tight sm:text-2xl">
          Why Earmark
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ title, description, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full">
                <CardContent className="flex flex-col gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
