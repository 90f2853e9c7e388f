import { PanelLeft } from "lucide-react";
import { useEffect } from "react";
import { Sheet } from "~/web/components/ui/sheet";
import { cn } from "~/web/lib/cn";
import { LogoMark } from "./logo";
import { type NavItem, sidebarFooter, sidebarGroups } from "./nav-items";
import { NavLink } from "./nav-link";
import { useSidebar } from "./sidebar-state";

/** Ctrl/Cmd+B toggles the sidebar (spec 1 §2): collapse on desktop, the sheet on mobile. */
export function useSidebarShortcut() {
  const toggle = useSidebar((state) => state.toggle);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        event.key.toLowerCase() !== "b" ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);
}

function SidebarLinks({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const link = ({ label, to, icon: Icon }: NavItem) => (
    <li key={to}>
      <NavLink
        to={to}
        onClick={onNavigate}
        title={compact ? label : undefined}
        className={cn(
          "flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none",
          "hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
          "aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground",
          compact && "justify-center px-0",
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className={cn("truncate", compact && "sr-only")}>{label}</span>
      </NavLink>
    </li>
  );

  return (
    <>
      <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-2 py-3">
        {sidebarGroups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a labelled group of links (a fieldset is for form controls).
          <div key={group.label} role="group" aria-labelledby={`sidebar-group-${group.label}-${compact}`}>
            <h2
              id={`sidebar-group-${group.label}-${compact}`}
              className={cn(
                "mb-1 px-2.5 text-xs font-semibold tracking-wide text-muted-foreground/90 uppercase",
                compact && "sr-only",
              )}
            >
              {group.label}
            </h2>
            <ul className="flex flex-col gap-0.5">{group.items.map(link)}</ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border px-2 py-3">
        <ul className="flex flex-col gap-0.5">{sidebarFooter.map(link)}</ul>
      </div>
    </>
  );
}

/** Desktop sidebar (≥ 768 px, signed in): 16rem, or 3rem of icons when collapsed. */
export function Sidebar() {
  const expanded = useSidebar((state) => state.expanded);
  const setExpanded = useSidebar((state) => state.setExpanded);

  return (
    <aside
      aria-label="Sidebar"
      data-state={expanded ? "expanded" : "collapsed"}
      className={cn(
        "sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-border bg-card/60 transition-[width] duration-200 md:flex",
        expanded ? "w-64" : "w-12",
      )}
    >
      <div
        className={cn(
          "flex h-16 items-center gap-2 border-b border-border px-2",
          !expanded && "justify-center",
        )}
      >
        {expanded && (
          <span className="flex min-w-0 flex-1 items-center gap-2 px-1 font-semibold">
            <LogoMark className="size-6" />
            <span className="truncate">Earmark</span>
          </span>
        )}
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          aria-label={expanded ? "Collapse sidebar" : "Expand sidebar"}
          title={`${expanded ? "Collapse" : "Expand"} sidebar (Ctrl+B)`}
          className="flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <PanelLeft aria-hidden="true" className="size-4" />
        </button>
      </div>
      <nav aria-label="Sidebar navigation" className="flex min-h-0 flex-1 flex-col">
        <SidebarLinks compact={!expanded} />
      </nav>
    </aside>
  );
}

/** Mobile (< 768 px): the sidebar as an 18rem slide-in sheet, a modal <dialog> (focus stays inside, Escape closes). */
export function SidebarSheet() {
  const open = useSidebar((state) => state.mobileOpen);
  const setOpen = useSidebar((state) => state.setMobileOpen);

  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      side="left"
      title={
        <span className="flex items-center gap-2 font-semibold">
          <LogoMark className="size-6" />
          Earmark
        </span>
      }
    >
      <nav aria-label="Sidebar navigation" className="flex min-h-0 flex-1 flex-col">
        <SidebarLinks compact={false} onNavigate={() => setOpen(false)} />
      </nav>
    </Sheet>
  );
}
