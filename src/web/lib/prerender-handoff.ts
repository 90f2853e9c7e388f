import { readSignedInHint } from "./session";

/**
 * The hand-off from the prerendered landing page (decision 012). For a visit to "/" without a
 * session cookie the server sends index.landing.html, whose #root already holds the markup of the
 * signed-out landing's first render (built by prerender.tsx). The browser then either hydrates it —
 * same markup, so no flash, no layout shift, and nothing typed or focused is lost — or, when its
 * first render would differ, renders over it.
 */
const PRERENDERED_ATTRIBUTE = "data-prerendered";

let isHydratingLanding = false;

/**
 * Hydrate when the container holds the prerendered landing and the first render will be that same
 * landing: the path is "/" and this browser was not signed in last time (a returning user sees the
 * home placeholder instead, see routes/index.tsx). Otherwise render.
 */
export function shouldHydrate(container: HTMLElement): boolean {
  if (container.getAttribute(PRERENDERED_ATTRIBUTE) !== "landing") return false;
  return window.location.pathname === "/" && !readSignedInHint();
}

/** Marks the hydration's start and end; see `isHydrating`. */
export function setHydrating(value: boolean): void {
  isHydratingLanding = value;
}

/**
 * True while the route resolves ahead of hydration. No data may arrive before hydration has
 * rendered (it would change the first render and break the hand-off), so loaders leave their
 * prefetches to the components, which fetch as soon as they mount.
 */
export function isHydrating(): boolean {
  return isHydratingLanding;
}

export { PRERENDERED_ATTRIBUTE };
