import {
  ArrowDown,
  ChartColumn,
  ChartLine,
  Code,
  GraduationCap,
  type LucideIcon,
  Mail,
  Mic,
  Radio,
  RotateCcw,
  Rss,
  Sparkles,
  TrendingDown,
  UsersRound,
  Wand,
} from "lucide-react";
import { useRef } from "react";
import { Button } from "~/web/components/ui/button";
import { useSupportEmail } from "~/web/lib/support-email";
import { ContactForm } from "./contact-form";
import { SectionHeading } from "./section-heading";

const FORM_ID = "partner-form";
const HOW_IT_WORKS_ID = "how-it-works";

const problems: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Ideas fade by the next episode",
    text: "Listeners forget most of an episode within a day. The insight you spent weeks preparing rarely survives the week.",
    icon: TrendingDown,
  },
  {
    title: "Engagement ends with the outro",
    text: "Once the episode is over there is nothing to come back to until the next one drops, and nothing to share but a link.",
    icon: RotateCcw,
  },
  {
    title: "Downloads don't tell you what landed",
    text: "You know how many people pressed play, not which ideas they understood, remembered or want to hear more about.",
    icon: ChartColumn,
  },
];

const solutions: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "A learning layer for every episode",
    text: "Summaries, timestamped insights, mindmaps and learning checkpoints, generated from your transcripts and linked back to your audio.",
    icon: Sparkles,
  },
  {
    title: "Reasons to return between releases",
    text: "Spaced reviews, streaks, leagues and milestones bring listeners back to your catalogue days and weeks after they listened.",
    icon: UsersRound,
  },
  {
    title: "Analytics on understanding",
    text: "White-label dashboards show which ideas resonate, where listeners struggle and which episodes drive the most learning.",
    icon: ChartColumn,
  },
];

const integrationSteps: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Connect your feed",
    text: "Share your RSS feed or video channel. No new hosting, no changes to how you publish.",
    icon: Rss,
  },
  {
    title: "We build the learning layer",
    text: "Earmark generates mindmaps, insights and checkpoints for new and back-catalogue episodes. You review and approve.",
    icon: Wand,
  },
  {
    title: "Embed and share",
    text: "Put mindmaps and quizzes in your show notes, website and newsletter, or link listeners straight into Earmark.",
    icon: Code,
  },
  {
    title: "Measure what landed",
    text: "Follow retention, quiz performance and returning listeners in your own dashboard, episode by episode.",
    icon: ChartLine,
  },
];

const audiences: { title: string; text: string; points: string[]; icon: LucideIcon }[] = [
  {
    title: "Podcast creators",
    text: "Independent shows that want a closer relationship with their listeners.",
    points: [
      "Free learning layer for your episodes",
      "Embeddable mindmaps and quizzes",
      "Insight into what resonates",
    ],
    icon: Mic,
  },
  {
    title: "Podcast networks",
    text: "Networks and studios that publish many shows and want engagement beyond downloads.",
    points: [
      "White-label dashboards across shows",
      "Cross-promotion between your podcasts",
      "Reporting for sponsors",
    ],
    icon: Radio,
  },
  {
    title: "Educators",
    text: "Teachers, universities and learning teams who use podcasts as course material.",
    points: [
      "Checkpoints for assigned episodes",
      "Progress for groups and leagues",
      "Spaced review that fits a syllabus",
    ],
    icon: GraduationCap,
  },
];

/** Market figures with their sources, rounded down. */
const marketStats: { value: string; text: string }[] = [
  { value: "500M+", text: "podcast listeners worldwide in 2024 (Statista)" },
  { value: "4M+", text: "podcasts listed in the open Podcast Index" },
  {
    value: "47%",
    text: "of Americans aged 12+ listened to a podcast in the last month (Edison Research, 2024)",
  },
  { value: "50-80%", text: "of what listeners hear is forgotten within a day without review" },
];

function scrollToSection(id: string, focusTarget?: HTMLElement | null) {
  const section = document.getElementById(id);
  if (!section) return;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  // Keyboard and screen-reader users land where the page scrolled to.
  (focusTarget ?? section).focus({ preventScroll: true });
}

export function PartnerPage() {
  const nameInput = useRef<HTMLInputElement>(null);
  const supportEmail = useSupportEmail();

  return (
    <div className="w-full">
      <section
        aria-labelledby="partner-hero"
        className="mx-auto w-full max-w-6xl px-4 pt-16 pb-16 sm:px-6 sm:pt-24"
      >
        <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
          <p className="rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
            For creators, networks and educators
          </p>
          <h1
            id="partner-hero"
            className="mt-6 text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-6xl"
          >
            Turn your listeners into learners
          </h1>
          <p className="mt-6 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
            Earmark adds a learning layer to your podcast: mindmaps, checkpoints and spaced review that help
            your audience remember your ideas and come back for more.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={() => scrollToSection(FORM_ID, nameInput.current)}>
              Partner With Us
            </Button>
            <Button size="lg" variant="outline" onClick={() => scrollToSection(HOW_IT_WORKS_ID)}>
              Learn How It Works
              <ArrowDown aria-hidden="true" />
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="partner-problem" className="bg-muted/50 py-16 sm:py-20">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="partner-problem"
            eyebrow="The problem"
            title="Podcasts are made to be heard, not remembered"
          />
          <FeatureGrid items={problems} />
        </div>
      </section>

      <section
        aria-labelledby="partner-solution"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <SectionHeading
          id="partner-solution"
          eyebrow="The solution"
          title="Episodes your audience can learn from"
        >
          <p>
            Everything is built from your own content, credits your show and sends listeners back to your
            audio.
          </p>
        </SectionHeading>
        <FeatureGrid items={solutions} />
      </section>

      <section
        id={HOW_IT_WORKS_ID}
        tabIndex={-1}
        aria-labelledby="partner-how"
        className="scroll-mt-20 bg-muted/50 py-16 outline-none sm:py-20"
      >
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <SectionHeading id="partner-how" eyebrow="How it works" title="Live in four steps" />
          <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {integrationSteps.map(({ title, text, icon: Icon }, index) => (
              <li
                key={title}
                className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6 shadow-sm"
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground tabular-nums">
                    <span className="sr-only">Step </span>
                    {index + 1}
                  </span>
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                </div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        aria-labelledby="partner-audiences"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <SectionHeading
          id="partner-audiences"
          eyebrow="Who we work with"
          title="Built for everyone who makes or teaches with podcasts"
        />
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {audiences.map(({ title, text, points, icon: Icon }) => (
            <li
              key={title}
              className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
              <ul className="mt-auto flex flex-col gap-2 border-t border-border pt-4 text-sm">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="text-primary">
                      •
                    </span>
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="partner-market" className="bg-primary py-16 text-primary-foreground sm:py-20">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
            <p className="text-sm font-semibold tracking-wide uppercase opacity-85">The opportunity</p>
            <h2
              id="partner-market"
              className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
            >
              A huge audience, a memory problem
            </h2>
          </div>
          <dl className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {marketStats.map(({ value, text }) => (
              <div
                key={value}
                className="flex flex-col gap-2 rounded-xl bg-primary-foreground/10 p-6 text-center"
              >
                <dt className="sr-only">{value}</dt>
                <dd
                  aria-hidden="true"
                  className="order-first text-4xl font-semibold tracking-tight tabular-nums"
                >
                  {value}
                </dd>
                <dd className="text-sm text-pretty opacity-90">{text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section
        id={FORM_ID}
        aria-labelledby="partner-contact"
        className="mx-auto grid w-full max-w-6xl scroll-mt-20 gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[2fr_3fr]"
      >
        <div className="flex flex-col gap-4">
          <SectionHeading
            id="partner-contact"
            eyebrow="Get in touch"
            title="Let's build something together"
            align="left"
          >
            <p>Tell us about your show or organisation. We read every message and reply within 24 hours.</p>
          </SectionHeading>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <Mail aria-hidden="true" className="size-4" />
            Prefer e-mail?{" "}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {supportEmail}
            </a>
          </p>
        </div>
        <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <ContactForm nameInputRef={nameInput} />
        </div>
      </section>
    </div>
  );
}

function FeatureGrid({ items }: { items: { title: string; text: string; icon: LucideIcon }[] }) {
  return (
    <ul className="mt-10 grid gap-4 md:grid-cols-3">
      {items.map(({ title, text, icon: Icon }) => (
        <li key={title} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6 shadow-sm">
          <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
