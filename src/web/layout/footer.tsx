import { Link } from "@tanstack/react-router";
import { Mail, Rss } from "lucide-react";
import type { ReactNode } from "react";
import { useSupportEmail } from "~/web/lib/support-email";
import { LogoMark } from "./logo";
import type { AppPath } from "./nav-items";
import { NavLink } from "./nav-link";

type FooterLink = { label: string; to: AppPath | "/privacy" | "/terms" | "/faq" | "/partner" };

const explore: FooterLink[] = [
  { label: "Browse Episodes", to: "/search" },
  { label: "Leaderboard", to: "/leaderboard" },
  { label: "About", to: "/about" },
];
const social: FooterLink[] = [
  { label: "Friends", to: "/friends" },
  { label: "Achievements", to: "/achievements" },
  { label: "Profile", to: "/profile" },
];
const legal: FooterLink[] = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "FAQ", to: "/faq" },
  { label: "Partner With Us", to: "/partner" },
];

const linkClass =
  "rounded-sm text-sm text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

/** Small monochrome marks for the social links (lucide has no brand icons). */
const socialLinks: { label: string; href: string; icon: ReactNode }[] = [
  {
    label: "Earmark on X",
    href: "https://x.com/earmarkapp",
    icon: (
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
        <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
      </svg>
    ),
  },
  {
    label: "Earmark on YouTube",
    href: "https://www.youtube.com/@earmarkapp",
    icon: (
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
        <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3-5.2 3Z" />
      </svg>
    ),
  },
  {
    label: "Earmark on LinkedIn",
    href: "https://www.linkedin.com/company/earmarkapp",
    icon: (
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
        <path d="M4.5 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3 8.5h3V21H3V8.5Zm5 0h2.9v1.7h.1c.4-.8 1.4-1.9 3.1-1.9 3.3 0 3.9 2.2 3.9 5V21h-3v-6.9c0-1.6 0-3.7-2.3-3.7S10 12.2 10 14V21H8V8.5Z" />
      </svg>
    ),
  },
  { label: "Earmark insights feed", href: "/feed", icon: <Rss aria-hidden="true" className="size-4" /> },
];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2">{children}</ul>
    </div>
  );
}

/** Spec 1 §2 footer: Explore, Social, Legal and Help (Contact Support by mail), social links, copyright. */
export function Footer() {
  const supportEmail = useSupportEmail();
  const item = ({ label, to }: FooterLink) => (
    <li key={label}>
      <NavLink to={to as AppPath} className={linkClass}>
        {label}
      </NavLink>
    </li>
  );

  return (
    <footer className="border-t border-border bg-card/40">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <Link
            to="/"
            className="flex w-fit items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogoMark className="size-6" />
            Earmark
          </Link>
          <p className="max-w-xs text-sm text-muted-foreground">
            Learn from the world's best conversations, and remember what you hear.
          </p>
          <ul aria-label="Social links" className="flex gap-2">
            {socialLinks.map(({ label, href, icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  title={label}
                  {...(href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  className="flex size-9 items-center justify-center rounded-full border border-border text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <Column title="Explore">{explore.map(item)}</Column>
        <Column title="Social">{social.map(item)}</Column>
        <Column title="Legal and Help">
          {legal.map(item)}
          <li>
            <a href={`mailto:${supportEmail}`} className={`${linkClass} inline-flex items-center gap-1.5`}>
              <Mail aria-hidden="true" className="size-3.5" />
              Contact Support
            </a>
          </li>
        </Column>
      </div>
      <div className="border-t border-border">
        {/* The prerendered landing carries its build's year (decision 012). */}
        <p
          suppressHydrationWarning
          className="mx-auto w-full max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6"
        >
          © {new Date().getFullYear()} Earmark. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
