import { Link } from "@tanstack/react-router";
import {
  ArrowRight,
  AudioLines,
  BrainCircuit,
  Check,
  GraduationCap,
  HeartHandshake,
  Import,
  ListChecks,
  type LucideIcon,
  Mic,
  Network,
  Quote,
  RotateCcw,
  ShieldCheck,
  Users,
} from "lucide-react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/web/components/ui/accordion";
import { buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useSession } from "~/web/lib/session";
import { CountUpStats, learningStats } from "./count-up-stats";
import { ExternalLink } from "./external-link";
import { SectionHeading } from "./section-heading";

/** The founder's public professional profile, linked from the founder story. */
export const FOUNDER_PROFILE_URL = "https://www.linkedin.com/company/earmark";

const beliefs: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Conversations are today's great books",
    text: "The best thinkers now explain their ideas out loud, for hours, for free. That knowledge deserves better than being forgotten by Friday.",
    icon: AudioLines,
  },
  {
    title: "Remembering beats re-listening",
    text: "Hearing something twice feels productive but barely moves the needle. Recalling it, at the right moment, is what makes it stick.",
    icon: BrainCircuit,
  },
  {
    title: "Learning is better together",
    text: "Explaining an idea to a friend, or racing them up a leaderboard, turns a private habit into one you keep.",
    icon: Users,
  },
  {
    title: "Your attention is not our product",
    text: "No ads, no endless feeds, no selling your data. Earmark succeeds when you learn more in less time.",
    icon: ShieldCheck,
  },
];

const steps: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Import and parse",
    text: "Add any public podcast RSS feed or video link. Earmark fetches the transcript and distils a summary and key insights, each tied to its timestamp.",
    icon: Import,
  },
  {
    title: "Mindmaps",
    text: "Every episode becomes a map of its ideas, from the big themes down to the memorable details. Tap a node to hear the moment it was said.",
    icon: Network,
  },
  {
    title: "Learning checkpoints",
    text: "Short quizzes check what stuck. You rate how sure you are, so you learn not just what you know but how well you know it.",
    icon: ListChecks,
  },
  {
    title: "Spaced repetition",
    text: "Questions come back just as you are about to forget them, at widening intervals, so a few minutes a day keeps whole episodes fresh.",
    icon: RotateCcw,
  },
  {
    title: "Social learning",
    text: "Invite friends, join leagues, climb the leaderboard and unlock milestones. Learning is easier to keep up when someone is learning with you.",
    icon: Users,
  },
];

const science: { title: string; text: string }[] = [
  {
    title: "The forgetting curve",
    text: "In the 1880s Hermann Ebbinghaus measured how quickly new information fades: steeply within the first day, then more slowly. Later studies of lectures and conversations tell the same story. Most of what we hear once is gone within 24 hours unless we come back to it. Earmark is built around that curve, not in denial of it.",
  },
  {
    title: "Retrieval practice (the testing effect)",
    text: "Pulling an idea out of memory strengthens it far more than reading or hearing it again. In classic experiments by Roediger and Karpicke, students who practised recall remembered much more a week later than students who re-studied. That is why Earmark asks you questions instead of replaying highlights.",
  },
  {
    title: "Spacing",
    text: "Reviews spread out over days and weeks beat the same amount of review crammed into one sitting. Earmark schedules each question with a spaced-repetition algorithm: the better you know it, the longer it waits before coming back.",
  },
  {
    title: "Dual coding",
    text: "We remember ideas better when we hold them in words and in pictures. Mindmaps give an episode a visual shape, so its structure is easier to recall than a stream of audio.",
  },
  {
    title: "Metacognition",
    text: "Knowing what you don't know is half the battle. Rating your confidence on every answer exposes the ideas you only thought you understood, and Earmark brings those back sooner.",
  },
];

const listenerBenefits = [
  "Remember the ideas from the episodes you love, weeks later",
  "See an episode's structure at a glance before or after you listen",
  "Turn a commute into five minutes of focused review",
  "Track what you have learned across themes, not just what you played",
  "Learn alongside friends, with streaks and milestones to keep you going",
];

const creatorBenefits = [
  "Give listeners a reason to come back between episodes",
  "Learn which ideas landed, and which ones listeners struggled with",
  "Turn your back catalogue into evergreen learning material",
  "Share mindmaps and quizzes that send new listeners to your show",
  "Offer partners and sponsors engagement that goes beyond downloads",
];

/** Hero and closing buttons: where to go next depends on whether someone is signed in. */
function PrimaryActions({ className }: { className?: string }) {
  const { isSignedIn, isResolving } = useSession();
  if (isResolving) {
    return (
      <div className={className}>
        <span className="sr-only" role="status">
          Loading
        </span>
        <Skeleton className="h-11 w-40" />
        <Skeleton className="h-11 w-40" />
      </div>
    );
  }
  if (isSignedIn) {
    return (
      <div className={className}>
        <Link to="/search" className={buttonVariants({ size: "lg" })}>
          Browse Episodes
          <ArrowRight aria-hidden="true" />
        </Link>
        <Link to="/knowledge" className={buttonVariants({ size: "lg", variant: "outline" })}>
          Your Progress
        </Link>
      </div>
    );
  }
  return (
    <div className={className}>
      <Link to="/auth" className={buttonVariants({ size: "lg" })}>
        Start Learning
        <ArrowRight aria-hidden="true" />
      </Link>
      <Link to="/" className={buttonVariants({ size: "lg", variant: "outline" })}>
        Browse Mindmaps
      </Link>
    </div>
  );
}

export function AboutPage() {
  return (
    <div className="w-full">
      <section
        aria-labelledby="about-hero"
        className="mx-auto w-full max-w-6xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24"
      >
        <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
          <p className="rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
            About Earmark
          </p>
          <h1
            id="about-hero"
            className="mt-6 text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-6xl"
          >
            From Listening to <span className="text-accent-foreground dark:text-accent">Learning</span>
          </h1>
          <p className="mt-6 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
            Podcasts put the world's sharpest minds in your ears every day. Earmark makes sure their ideas
            stay there: mindmaps to see them, checkpoints to test them and spaced review to keep them.
          </p>
          <PrimaryActions className="mt-8 flex flex-wrap justify-center gap-3" />
        </div>
      </section>

      <section aria-labelledby="about-stats" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
        <SectionHeading id="about-stats" eyebrow="The problem" title="Listening alone doesn't last">
          <p>Memory research is blunt about what happens after the episode ends.</p>
        </SectionHeading>
        <CountUpStats stats={learningStats} className="mt-10" />
      </section>

      <section aria-labelledby="about-why" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <SectionHeading
            id="about-why"
            eyebrow="Why Earmark exists"
            title="Great conversations deserve to be remembered"
            align="left"
          />
          <div className="flex flex-col gap-4 text-base leading-relaxed text-muted-foreground">
            <p>
              You finish a brilliant two-hour interview full of ideas you want to keep. A week later you can
              recall the guest's name, one anecdote and a vague sense that it was good. Multiply that by every
              episode you have ever loved.
            </p>
            <p>
              Podcasts are one of the richest sources of knowledge ever made freely available, yet they are
              designed to be consumed, not learned. Earmark exists to close that gap. We turn the episodes you
              already listen to into material you can actively learn from, without turning listening into
              homework.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-beliefs" className="bg-muted/50 py-16 sm:py-20">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="about-beliefs"
            eyebrow="What we believe"
            title="Four ideas behind everything we build"
          />
          <ul className="mt-10 grid gap-4 sm:grid-cols-2">
            {beliefs.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-4 rounded-xl border border-border bg-card p-6 shadow-sm">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-flow" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="about-flow" eyebrow="How it works" title="Five steps from episode to expertise" />
        <ol className="mt-10 grid gap-4 md:grid-cols-2 lg:grid-cols-5">
          {steps.map(({ title, text, icon: Icon }, index) => (
            <li
              key={title}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-sm"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground tabular-nums">
                  <span className="sr-only">Step </span>
                  {index + 1}
                </span>
              </div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-science" className="bg-muted/50 py-16 sm:py-20">
        <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[2fr_3fr]">
          <SectionHeading
            id="about-science"
            eyebrow="The learning science"
            title="Built on how memory actually works"
            align="left"
          >
            <p>
              Nothing here is a gimmick. Each part of Earmark applies a finding that learning researchers have
              replicated for decades.
            </p>
          </SectionHeading>
          <Accordion
            type="single"
            collapsible
            className="rounded-xl border border-border bg-card px-5 shadow-sm"
          >
            {science.map(({ title, text }) => (
              <AccordionItem key={title} value={title}>
                <AccordionTrigger>{title}</AccordionTrigger>
                <AccordionContent>{text}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </div>
      </section>

      <section
        aria-labelledby="about-benefits"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <SectionHeading
          id="about-benefits"
          eyebrow="Who it's for"
          title="Better for listeners, better for creators"
        />
        <div className="mt-10 grid gap-4 md:grid-cols-2">
          <BenefitList title="For listeners" icon={GraduationCap} items={listenerBenefits} />
          <BenefitList title="For creators" icon={Mic} items={creatorBenefits} />
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Make podcasts or run a network?{" "}
          <Link to="/partner" className="font-medium text-primary underline-offset-4 hover:underline">
            Partner with Earmark
          </Link>
        </p>
      </section>

      <section aria-labelledby="about-founder" className="bg-muted/50 py-16 sm:py-20">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
          <SectionHeading id="about-founder" eyebrow="Our story" title="Why I started Earmark" />
          <figure className="mt-10 rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
            <Quote aria-hidden="true" className="size-8 text-accent-foreground/60 dark:text-accent" />
            <blockquote className="mt-4 flex flex-col gap-4 text-base leading-relaxed">
              <p>
                For years I listened to two or three long-form podcasts a week. Founders, scientists,
                historians: people I could never have met, explaining what they knew in their own words. I
                felt like I was learning more than ever.
              </p>
              <p>
                Then a friend asked me what I had taken away from an episode I had raved about, and I couldn't
                tell her. Not the argument, not the evidence, just that it was "really good". I had been
                collecting the feeling of learning without the learning.
              </p>
              <p>
                I started keeping notes, then quizzing myself, then scheduling reviews in a spreadsheet. It
                worked, but it took more time than the listening. Earmark is the tool I wished existed: it
                does the note-taking for you, asks the right questions at the right time, and leaves you with
                the part that matters, remembering.
              </p>
            </blockquote>
            <figcaption className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-5">
              <span className="text-sm font-medium">Founder, Earmark</span>
              <ExternalLink
                href={FOUNDER_PROFILE_URL}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Connect on LinkedIn
              </ExternalLink>
            </figcaption>
          </figure>
        </div>
      </section>

      <section
        aria-labelledby="about-promise"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-primary">
            <HeartHandshake aria-hidden="true" className="size-6" />
          </span>
          <SectionHeading
            id="about-promise"
            eyebrow="Our promise"
            title="We measure success in what you remember"
          >
            <p>
              Not in minutes spent in the app. We will never sell your data or fill your learning with ads.
              Creators keep the credit for their work, and every episode links back to its source. The free
              plan stays genuinely useful, and if Plus doesn't earn its price, you get your money back within
              14 days.
            </p>
          </SectionHeading>
        </div>
      </section>

      <section aria-labelledby="about-cta" className="px-4 pb-20 sm:px-6">
        <div className="mx-auto flex w-full max-w-5xl flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
          <h2
            id="about-cta"
            className="max-w-2xl text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Your next episode could be the one you remember for years
          </h2>
          <p className="max-w-xl text-base text-pretty text-primary-foreground/85 sm:text-lg">
            Pick a conversation you love, open its mindmap and answer your first checkpoint. It takes five
            minutes.
          </p>
          <ClosingAction />
        </div>
      </section>
    </div>
  );
}

function ClosingAction() {
  const { isSignedIn, isResolving } = useSession();
  const className = buttonVariants({ size: "lg", variant: "accent" });
  if (isResolving) return <Skeleton className="h-11 w-48 bg-primary-foreground/20" />;
  return isSignedIn ? (
    <Link to="/search" className={className}>
      Find your next episode
      <ArrowRight aria-hidden="true" />
    </Link>
  ) : (
    <Link to="/auth" search={{ mode: "sign-up" }} className={className}>
      Create your free account
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}

function BenefitList({ title, icon: Icon, items }: { title: string; icon: LucideIcon; items: string[] }) {
  return (
    <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="text-xl font-semibold">{title}</h3>
      </div>
      <ul className="mt-6 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-sm leading-relaxed">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
