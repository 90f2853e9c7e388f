import { useEffect } from "react";

/**
 * Document title and meta description per screen. `title` is the screen's name ("About" becomes
 * "About — Earmark"); without one, the site's own title from index.html is used. Leaving the screen
 * restores the defaults, so a screen that sets nothing never shows another screen's title.
 */
export type PageMeta = { title?: string | undefined; description?: string | undefined };

export const SITE_NAME = "Earmark";

let defaults: { title: string; description: string } | null = null;

function descriptionElement(): HTMLMetaElement {
  let element = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!element) {
    element = document.createElement("meta");
    element.name = "description";
    document.head.append(element);
  }
  return element;
}

/** The title and description index.html was served with (read once, before any screen changes them). */
function siteDefaults(): { title: string; description: string } {
  defaults ??= {
    title: document.title || SITE_NAME,
    description: descriptionElement().content,
  };
  return defaults;
}

export function formatPageTitle(title: string | undefined): string {
  return title ? `${title} — ${SITE_NAME}` : siteDefaults().title;
}

function apply(title: string, description: string) {
  document.title = title;
  descriptionElement().content = description;
}

export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    const site = siteDefaults();
    apply(formatPageTitle(title), description ?? site.description);
    return () => apply(site.title, site.description);
  }, [title, description]);
}
