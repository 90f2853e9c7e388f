import { Menu } from "lucide-react";
import { iconButtonClass } from "~/web/components/ui/button-variants";
import { cn } from "~/web/lib/cn";
import { useSidebar } from "./sidebar-state";

/** Signed in, on mobile: opens the sidebar sheet. */
export function SidebarButton() {
  const openSheet = useSidebar((state) => state.setMobileOpen);
  return (
    <button
      type="button"
      onClick={() => openSheet(true)}
      aria-label="Open sidebar"
      className={cn(iconButtonClass, "size-10 md:hidden")}
    >
      <Menu aria-hidden="true" className="size-5" />
    </button>
  );
}
