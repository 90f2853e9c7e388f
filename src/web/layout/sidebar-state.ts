import { create } from "zustand";

import { readSidebarCookie, SIDEBAR_COOKIE } from "./sidebar-cookie";

export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_QUERY = "(max-width: 767.98px)";

function writeSidebarCookie(expanded: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the state must be readable synchronously before the first paint.
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

type SidebarState = {
  /** Desktop: expanded (16rem) or collapsed to icons (3rem). */
  expanded: boolean;
  /** Mobile: the slide-in sheet is open. */
  mobileOpen: boolean;
  setExpanded: (expanded: boolean) => void;
  setMobileOpen: (open: boolean) => void;
  /** Ctrl/Cmd+B: the sheet on mobile, expanded/collapsed on desktop. */
  toggle: () => void;
};

export const useSidebar = create<SidebarState>((set, get) => ({
  expanded: readSidebarCookie(),
  mobileOpen: false,
  setExpanded: (expanded) => {
    writeSidebarCookie(expanded);
    set({ expanded });
  },
  setMobileOpen: (mobileOpen) => set({ mobileOpen }),
  toggle: () => {
    const isMobile = typeof window !== "undefined" && window.matchMedia?.(MOBILE_QUERY).matches;
    if (isMobile) set({ mobileOpen: !get().mobileOpen });
    else get().setExpanded(!get().expanded);
  },
}));
