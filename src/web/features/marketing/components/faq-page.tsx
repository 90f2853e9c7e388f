import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/web/components/ui/accordion";
import { useSupportEmail } from "~/web/lib/support-email";
import { BackToHome } from "./back-to-home";

const inlineLink = "font-medium text-primary underline-offset-4 hover:underline";

/** Spec 3 §2 FAQ: eight questions, in this order. */
export const faqs: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: "what",
    question: "What is Earmark?",
    answer: (
      <>
        <p>
          Earmark is a learning app for podcast listeners. It turns the episodes you already enjoy into
          mindmaps, short quizzes and spaced-repetition reviews, so the ideas you hear become knowledge you
          keep.
        </p>
        <p>
          Think of it as a study companion for the world's best conversations: you listen as you always do,
          and Earmark helps you remember what mattered.
        </p>
      </>
    ),
  },
  {
    id: "how",
    question: "How does Earmark work?",
    answer: (
      <>
        <p>
          Pick an episode from the catalogue or import one. Earmark reads its transcript and builds a summary,
          key insights with timestamps and a mindmap of the main ideas. After listening, answer a short
          learning checkpoint and rate how confident you are in each answer.
        </p>
        <p>
          The questions you miss, or only half know, come back in your review queue at spaced intervals, just
          before you would forget them. A few minutes of review a day keeps whole episodes fresh.
        </p>
      </>
    ),
  },
  {
    id: "free",
    question: "Is Earmark free?",
    answer: (
      <>
        <p>
          Yes. The Free plan costs SEK 0 and includes importing podcasts and transcripts, mindmaps, learning
          checkpoints, friends and challenges, and basic analytics.
        </p>
        <p>
          Plus costs SEK 79 per month, and your first 2 weeks are free. It adds unlimited podcasts and
          checkpoints, personal spaced repetition, Notion and Readwise export, full Deep Dives, advanced
          mindmaps, detailed analytics, AI questions about episodes, priority support and early access to new
          features. Every plan includes a 14-day money-back guarantee.{" "}
          <Link to="/pricing" className={inlineLink}>
            Compare plans
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: "mobile",
    question: "Is there a mobile app?",
    answer: (
      <p>
        Not yet. Earmark is a web app designed to work well on phones, so open it in your phone's browser and
        everything, from playback to reviews, works there. You can add it to your home screen for one-tap
        access. Native iOS and Android apps are on our roadmap.
      </p>
    ),
  },
  {
    id: "podcasts",
    question: "Which podcasts are supported?",
    answer: (
      <p>
        Any podcast with a public RSS feed, which covers nearly every show on Apple Podcasts, Spotify and
        other directories, plus video links such as YouTube episodes. Private or paid feeds that need a login
        cannot be imported. If a show you love is missing, import its feed and Earmark will process it.
      </p>
    ),
  },
  {
    id: "milestones",
    question: "What are milestones?",
    answer: (
      <p>
        Milestones are achievements you unlock as you learn: finishing episodes, answering questions
        correctly, keeping a streak, reviewing cards and learning with friends. Each comes in four tiers,
        Bronze, Silver, Gold and Platinum, so there is always a next step to aim for. You can see them all on
        your Achievements page.
      </p>
    ),
  },
  {
    id: "points",
    question: "How do points and progress tracking work?",
    answer: (
      <>
        <p>
          Every correct checkpoint answer earns 10 points. You earn bonus points when you answer correctly
          with high confidence, and when you still remember an answer at a later spaced review, because
          retention is what we want to reward.
        </p>
        <p>
          Points add up to XP and levels, and your accuracy, streak and progress per theme (from AI and tech
          to philosophy and personal growth) show where your knowledge is strong and where to focus next.
        </p>
      </>
    ),
  },
  {
    id: "data",
    question: "How do you use my data?",
    answer: (
      <p>
        We use your account details and learning activity only to run Earmark for you: to schedule your
        reviews, show your progress and power the social features you choose to use. We never sell your data
        and never show ads. Payments are handled by our payment provider, and we do not store card details.
        You can delete your account and its data at any time. Read the full{" "}
        <Link to="/privacy" className={inlineLink}>
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
];

export function FaqPage() {
  const supportEmail = useSupportEmail();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToHome />
      <header className="mt-6 flex flex-col gap-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Frequently Asked Questions</h1>
        <p className="text-base text-muted-foreground sm:text-lg">
          Everything you need to know about learning with Earmark.
        </p>
      </header>

      <Accordion
        type="single"
        collapsible
        className="mt-8 rounded-xl border border-border bg-card px-5 shadow-sm sm:px-6"
      >
        {faqs.map(({ id, question, answer }) => (
          <AccordionItem key={id} value={id}>
            <AccordionTrigger headingLevel={2}>{question}</AccordionTrigger>
            <AccordionContent className="flex flex-col gap-3">{answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>

      <section
        aria-labelledby="faq-more"
        className="mt-10 rounded-xl border border-border bg-muted/50 p-6 text-center"
      >
        <h2 id="faq-more" className="text-lg font-semibold">
          Still have questions?
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Write to us at{" "}
          <a href={`mailto:${supportEmail}`} className={inlineLink}>
            {supportEmail}
          </a>{" "}
          and we will get back to you within one working day.
        </p>
      </section>
    </div>
  );
}
