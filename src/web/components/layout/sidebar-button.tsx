import { Menu } from "lucide-react";
import { useSidebar } from "./sidebar-state";

/** Signed in, on mobile: opens the sidebar sheet. */
export function SidebarButton() {
  const openSheet = useSidebar((state) => state.setMobileOpen);
  return (
    <button
      type="button"
      onClick={() => openSheet(true)}
      aria-label="Open sidebar"
      className="flex size-10 shrink-0 items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring md:hidden"
    >
      <Menu aria-hidden="true" className="size-5" />
    </button>
  );
}
