import {
  Award,
  Bookmark,
  ChartNoAxesColumn,
  CircleUser,
  Compass,
  House,
  ListVideo,
  type LucideIcon,
  Network,
  Search,
  Settings,
  Trophy,
  Users,
} from "lucide-react";

/** Paths the shell links to; each is a screen of the route table (spec 1 §2, spec 3 §2). */
export type AppPath =
  | "/"
  | "/search"
  | "/knowledge"
  | "/bookmarks"
  | "/lists"
  | "/leaderboard"
  | "/friends"
  | "/achievements"
  | "/profile"
  | "/account"
  | "/feed"
  | "/about"
  | "/auth";

export type NavItem = { label: string; to: AppPath; icon: LucideIcon };

/** Spec 1 §2, sidebar groups exactly as specified. */
export const sidebarGroups: { label: string; items: NavItem[] }[] = [
  {
    label: "Main",
    items: [
      { label: "Home", to: "/", icon: House },
      { label: "Search", to: "/search", icon: Search },
      { label: "Knowledge Graph", to: "/knowledge", icon: Network },
    ],
  },
  {
    label: "Library",
    items: [
      { label: "Bookmarks", to: "/bookmarks", icon: Bookmark },
      { label: "Lists", to: "/lists", icon: ListVideo },
    ],
  },
  {
    label: "Community",
    items: [
      { label: "Leaderboard", to: "/leaderboard", icon: Trophy },
      { label: "Friends", to: "/friends", icon: Users },
      { label: "Achievements", to: "/achievements", icon: Award },
    ],
  },
];

export const sidebarFooter: NavItem[] = [
  { label: "Profile", to: "/profile", icon: CircleUser },
  { label: "Account", to: "/account", icon: Settings },
];

/** Spec 1 §2: the mobile bottom tab bar. */
export const bottomTabs: NavItem[] = [
  { label: "Home", to: "/", icon: House },
  { label: "Discover", to: "/search", icon: Compass },
  { label: "Progress", to: "/knowledge", icon: ChartNoAxesColumn },
  { label: "Friends", to: "/friends", icon: Users },
  { label: "Profile", to: "/profile", icon: CircleUser },
];
