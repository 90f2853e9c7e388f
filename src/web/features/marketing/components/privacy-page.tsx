import { Link } from "@tanstack/react-router";
import { LegalPage, type LegalSection, legalLink, MailLink } from "./legal-page";

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (email) => (
      <p>
        Earmark ("we", "us") is a web application that helps people learn from podcasts. We are the controller
        of the personal data described in this policy. You can reach us about anything in it at{" "}
        <MailLink email={email} />.
      </p>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: () => (
      <>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address and a securely hashed password (we
            never store the password itself). If you sign in with Google, we receive your name, e-mail address
            and profile picture from Google.
          </li>
          <li>
            <strong>Profile:</strong> the display name, handle, avatar and theme you choose.
          </li>
          <li>
            <strong>Learning activity:</strong> episodes you play and where you stopped, your bookmarks and
            lists, quiz answers with their confidence ratings and timing, review schedules, XP, streaks and
            achievements.
          </li>
          <li>
            <strong>Social activity:</strong> friend requests, invites, leagues, leaderboard entries and the
            reflections you post.
          </li>
          <li>
            <strong>Messages to us:</strong> what you send with the partner contact form (name, e-mail, role,
            podcast and message) together with the IP address it came from.
          </li>
          <li>
            <strong>Billing:</strong> if you subscribe to Plus, our payment provider gives us a customer
            reference and the status of your subscription. We never see or store your card details.
          </li>
          <li>
            <strong>Technical data:</strong> server logs with IP address, browser type, the page or request
            and the time, kept for security and troubleshooting.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use it",
    body: () => (
      <>
        <p>We use your data only to provide and improve Earmark:</p>
        <ul>
          <li>to run your account and keep you signed in (performance of our contract with you);</li>
          <li>
            to schedule reviews, calculate points, levels and progress, and show your history (contract);
          </li>
          <li>
            to power the social features you choose to use, such as friends and leaderboards (contract);
          </li>
          <li>to answer your messages and support requests (legitimate interest);</li>
          <li>
            to keep Earmark secure, prevent abuse such as repeated sign-in attempts, and fix errors
            (legitimate interest);
          </li>
          <li>
            to understand, in aggregate, which features help people learn, such as comparing two mindmap
            layouts (legitimate interest);
          </li>
          <li>to handle payments and meet accounting obligations (contract and legal obligation).</li>
        </ul>
        <p>
          We do not sell your data, we do not show advertising, and we do not use your data to profile you for
          anyone else.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: () => (
      <p>
        Earmark uses only functional cookies: one keeps you signed in, another remembers whether you collapsed
        the sidebar. We use no advertising, analytics or third-party tracking cookies, so there is nothing to
        consent to.
      </p>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: () => (
      <>
        <p>
          We share data only with service providers that help us run Earmark, under agreements that limit
          their use of it to that purpose:
        </p>
        <ul>
          <li>hosting and database providers that store and serve the application;</li>
          <li>our payment provider, for Plus subscriptions;</li>
          <li>
            AI providers that generate summaries, questions and mindmaps from public podcast transcripts. We
            send episode content to them, not your account details. When you ask a question about an episode,
            the question is sent without your name or e-mail address.
          </li>
        </ul>
        <p>
          Other users see only what you share socially: your name, handle, avatar, level and leaderboard
          scores, and the reflections you post. We disclose data to authorities only when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: "transfers",
    title: "International transfers",
    body: () => (
      <p>
        We aim to keep data within the European Economic Area. Where a provider processes data outside it, we
        rely on an adequacy decision or the European Commission's standard contractual clauses.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: () => (
      <ul>
        <li>Account, profile and learning data: for as long as you have an account.</li>
        <li>
          When you delete your account, your profile and everything you created are deleted with it. Shared
          content that does not identify you, such as anonymous usage statistics, may remain.
        </li>
        <li>Messages sent with the contact form: up to 24 months, then deleted.</li>
        <li>Server logs: up to 30 days.</li>
        <li>Billing records: as long as accounting law requires (in Sweden, seven years).</li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (email) => (
      <>
        <p>
          Under the GDPR you can ask for a copy of your data, have it corrected or deleted, receive it in a
          portable format, restrict or object to how we use it, and withdraw any consent you have given. Write
          to <MailLink email={email} /> and we will answer within one month.
        </p>
        <p>
          You also have the right to complain to a supervisory authority, in Sweden the Swedish Authority for
          Privacy Protection (Integritetsskyddsmyndigheten, IMY).
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: () => (
      <p>
        Passwords are hashed with Argon2id, connections are encrypted with HTTPS, session cookies are
        inaccessible to scripts, and sign-in attempts are rate limited. Access to production data is limited
        to the people who need it to run the service.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: () => (
      <p>
        Earmark is not intended for children under 13, and we do not knowingly collect their data. If you
        believe a child has created an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: () => (
      <p>
        If we change this policy in a way that matters, we will tell you in the app or by e-mail before the
        change takes effect. The date at the top always shows the latest version. See also our{" "}
        <Link to="/terms" className={legalLink}>
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (email) => (
      <p>
        Questions about privacy or your data: <MailLink email={email} />.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Your learning history is personal. This policy explains what Earmark collects, why, who can see it,
          and the choices you have. The short version: we collect what we need to help you learn, we never
          sell it, and you can delete it at any time.
        </p>
      }
      sections={sections}
    />
  );
}
