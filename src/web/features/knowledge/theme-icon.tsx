import {
  BrainCircuit,
  Briefcase,
  Cpu,
  FlaskConical,
  Globe,
  type LucideIcon,
  Orbit,
  ScrollText,
  Sprout,
  Users,
} from "lucide-react";

/**
 * The themes' lucide icon names (src/domain/knowledge-themes.ts) mapped to imported components, so
 * the build holds these eight icons and not lucide's whole dynamic set.
 */
const themeIcons: Record<string, LucideIcon> = {
  cpu: Cpu,
  "scroll-text": ScrollText,
  globe: Globe,
  sprout: Sprout,
  briefcase: Briefcase,
  "flask-conical": FlaskConical,
  users: Users,
  orbit: Orbit,
};

export function ThemeIcon({ name, className }: { name: string; className?: string }) {
  const Icon = themeIcons[name] ?? BrainCircuit;
  return <Icon aria-hidden="true" className={className} />;
}
