import { Link } from "@tanstack/react-router";
import { LegalPage, type LegalSection, legalLink, MailLink } from "./legal-page";

const sections: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement",
    body: () => (
      <p>
        These terms govern your use of Earmark. By creating an account or using the service you agree to them.
        If you use Earmark on behalf of an organisation, you confirm that you may accept these terms for it.
      </p>
    ),
  },
  {
    id: "service",
    title: "The service",
    body: () => (
      <p>
        Earmark helps you learn from podcasts with summaries, mindmaps, quizzes, spaced-repetition reviews,
        progress tracking and social features. We improve it continuously, which means features may change. We
        will not remove a core part of a paid plan during a period you have already paid for.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: () => (
      <ul>
        <li>You must be at least 13 years old to use Earmark.</li>
        <li>
          Give accurate details and keep your password to yourself. You are responsible for your account.
        </li>
        <li>Tell us straight away if you believe someone else has used your account.</li>
        <li>
          You can delete your account at any time; see the Privacy Policy for what happens to your data.
        </li>
      </ul>
    ),
  },
  {
    id: "plans",
    title: "Plans, trials and payment",
    body: () => (
      <>
        <ul>
          <li>
            <strong>Free</strong> costs SEK 0 and has no time limit.
          </li>
          <li>
            <strong>Plus</strong> costs SEK 79 per month, billed monthly in advance by our payment provider.
            Your first 2 weeks are free; if you cancel before the trial ends, you are not charged.
          </li>
          <li>
            You can cancel Plus at any time. It stays active until the end of the period you have paid for and
            then does not renew.
          </li>
          <li>
            <strong>Money-back guarantee:</strong> if you are not happy with Plus, ask for a refund within 14
            days of your first payment and we will refund it in full, no questions asked.
          </li>
          <li>
            We may change prices for future periods. We will tell you at least 30 days in advance, and you can
            cancel before the new price applies.
          </li>
        </ul>
        <p>
          Consumers in the EU also keep their statutory right of withdrawal. See{" "}
          <Link to="/pricing" className={legalLink}>
            Pricing
          </Link>{" "}
          for what each plan includes.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: () => (
      <>
        <p>When you use Earmark, do not:</p>
        <ul>
          <li>break the law or infringe anyone's rights, including copyright;</li>
          <li>
            harass, threaten or impersonate other people, or post hateful or sexual content in reflections;
          </li>
          <li>
            try to access other people's accounts or data, probe or overload the service, or get around
            limits;
          </li>
          <li>
            scrape the service, or copy its generated content in bulk, to build a competing product or
            dataset;
          </li>
          <li>use automated means to create accounts, inflate scores or manipulate leaderboards.</li>
        </ul>
        <p>We may remove content that breaks these rules and suspend accounts that repeatedly do so.</p>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your content",
    body: () => (
      <p>
        You own what you write, such as reflections, list names and lists. You give us a worldwide,
        royalty-free licence to store and display it within Earmark as needed to provide the service, and to
        show your public reflections to other users. The licence ends when you delete the content or your
        account.
      </p>
    ),
  },
  {
    id: "podcast-content",
    title: "Podcast content",
    body: (email) => (
      <p>
        Podcasts belong to their creators. Earmark works with publicly available feeds and links, always
        credits and links back to the original show, and plays audio from the creator's own host. Summaries,
        mindmaps and questions are study aids that point listeners to the source. If you are a creator and
        want your show handled differently or removed, write to <MailLink email={email} /> and we will act
        promptly.
      </p>
    ),
  },
  {
    id: "ai",
    title: "AI-generated material",
    body: () => (
      <p>
        Summaries, insights, questions, mindmaps and answers about episodes are generated with the help of AI
        and can contain mistakes. Treat them as a study aid, check important facts against the episode, and do
        not rely on them for medical, legal, financial or other professional advice.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: () => (
      <p>
        You may stop using Earmark at any time. We may suspend or close an account that seriously or
        repeatedly breaks these terms; where reasonable we will warn you first and explain why. If we close a
        paid account without cause, we will refund the unused part of your subscription.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Warranties and liability",
    body: () => (
      <p>
        We work hard to keep Earmark available and correct, but we provide it "as is" and cannot promise it
        will always be uninterrupted or error-free. To the extent the law allows, we are not liable for
        indirect or consequential loss, and our total liability to you is limited to what you paid us in the
        12 months before the claim. Nothing in these terms limits rights you have as a consumer that cannot be
        limited by contract.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law",
    body: () => (
      <p>
        These terms are governed by Swedish law. Disputes go to the courts of Sweden, unless the law of your
        country of residence gives you the right to bring them there. EU consumers can also use the European
        Commission's online dispute resolution platform.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: () => (
      <p>
        We may update these terms as Earmark evolves. For significant changes we will notify you in the app or
        by e-mail at least 30 days before they take effect. If you keep using Earmark after that, the new
        terms apply; if you do not agree, you can close your account.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (email) => (
      <p>
        Questions about these terms: <MailLink email={email} />. How we handle your data is described in our{" "}
        <Link to="/privacy" className={legalLink}>
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms are the agreement between you and Earmark. We have tried to keep them short and
          readable; please read them before you use the service.
        </p>
      }
      sections={sections}
    />
  );
}
