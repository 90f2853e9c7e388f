import { Check, Link2, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { notify } from "~/web/components/ui/toaster";

/** The 'Copied' state lasts 2 seconds (spec 2 §9 Other). */
const COPIED_MS = 2000;

export type ShareContent = { text: string; url: string };

/**
 * The share targets' own share URLs. Twitter takes the text; Facebook and LinkedIn take only the
 * link (their sharers ignore text), which previews the episode page.
 */
export function shareLinks({ text, url }: ShareContent) {
  const encodedUrl = encodeURIComponent(url);
  return [
    {
      label: "Twitter",
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodedUrl}`,
    },
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}` },
  ];
}

/** Share to Twitter, Facebook and LinkedIn, or copy the link ('Copied' for 2 s; 'Failed to copy'). */
export function ResultsShare(content: ShareContent) {
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(content.url);
      setCopied(true);
    } catch {
      notify.error("Failed to copy");
    }
  }

  return (
    <section aria-labelledby="share-heading" className="flex flex-col gap-3">
      <h2 id="share-heading" className="flex items-center gap-2 text-base font-semibold">
        <Share2 aria-hidden="true" className="size-4" />
        Share your result
      </h2>
      <div className="flex flex-wrap gap-2">
        {shareLinks(content).map(({ label, href }) => (
          <a
            key={label}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
            aria-label={`Share on ${label} (opens in a new tab)`}
          >
            {label}
          </a>
        ))}
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-live="polite">
          {isCopied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
          {isCopied ? "Copied" : "Copy link"}
        </Button>
      </div>
    </section>
  );
}
