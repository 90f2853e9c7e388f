import {
  Archive,
  Award,
  Brain,
  CalendarCheck,
  CalendarDays,
  Crosshair,
  Crown,
  Flame,
  Footprints,
  Gem,
  GraduationCap,
  Layers,
  ListChecks,
  type LucideIcon,
  Medal,
  Repeat,
  Sparkles,
  Target,
  Trophy,
  UserPlus,
  Users,
  Zap,
} from "lucide-react";

/**
 * The definitions' icon keys (the achievement_definitions migration) mapped to imported lucide
 * components, so the build holds these icons and not lucide's whole dynamic set. An unknown key
 * falls back to a medal.
 */
const achievementIcons: Record<string, LucideIcon> = {
  archive: Archive,
  award: Award,
  brain: Brain,
  "calendar-check": CalendarCheck,
  "calendar-days": CalendarDays,
  crosshair: Crosshair,
  crown: Crown,
  flame: Flame,
  footprints: Footprints,
  gem: Gem,
  "graduation-cap": GraduationCap,
  layers: Layers,
  "list-checks": ListChecks,
  repeat: Repeat,
  sparkles: Sparkles,
  target: Target,
  trophy: Trophy,
  "user-plus": UserPlus,
  users: Users,
  zap: Zap,
};

export function AchievementIcon({ name, className }: { name: string; className?: string }) {
  const Icon = achievementIcons[name] ?? Medal;
  return <Icon aria-hidden="true" className={className} />;
}
