import type { ReactNode } from "react";
import { useSupportEmail } from "~/web/lib/support-email";
import { BackToHome } from "./back-to-home";

/** Spec 3 §2: the legal pages are dated October 2025. */
export const LEGAL_LAST_UPDATED = "October 2025";

export type LegalSection = { id: string; title: string; body: (email: string) => ReactNode };

export const legalLink = "font-medium text-primary underline-offset-4 hover:underline";

export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={legalLink}>
      {email}
    </a>
  );
}

/** A static legal document: back link, title, date, a contents list and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const email = useSupportEmail();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToHome />
      <article className="mt-6">
        <header className="flex flex-col gap-3 border-b border-border pb-8">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Last updated: <time dateTime="2025-10">{LEGAL_LAST_UPDATED}</time>
          </p>
          <div className="text-base leading-relaxed text-muted-foreground">{intro}</div>
        </header>

        <nav aria-label="Contents" className="mt-8 rounded-xl border border-border bg-muted/50 p-5">
          <h2 className="text-sm font-semibold">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={legalLink}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 flex flex-col gap-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 flex flex-col gap-3 text-base leading-relaxed text-muted-foreground [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-5">
                {section.body(email)}
              </div>
            </section>
          ))}
        </div>
      </article>
    </div>
  );
}
