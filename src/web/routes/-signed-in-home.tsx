import LearningHub from "~/web/features/catalog/components/learning-hub";
import TodayCard from "~/web/features/learning/today-card";

/**
 * The signed-in home: the learning hub (catalog) with the Today card (learning) at its top. Composed
 * here because a feature never imports another; loaded lazily by the home route, so the landing page
 * never downloads it. The "-" keeps the router from taking this file for a route.
 */
export default function SignedInHome({ name }: { name: string }) {
  return <LearningHub name={name} today={<TodayCard />} />;
}
