import { useTimeZoneSync } from "~/web/features/account/use-time-zone-sync";
import { BottomTabs } from "./bottom-tabs";
import { Sidebar, SidebarSheet, useSidebarShortcut } from "./sidebar";

/**
 * Signed-in navigation: the desktop sidebar, the mobile sheet and bottom tab bar, and Ctrl/Cmd+B;
 * also the signed-in-only effects (the profile's time zone), so they stay out of the landing page.
 */
export default function SignedInNavigation() {
  useSidebarShortcut();
  useTimeZoneSync();
  return (
    <>
      <Sidebar />
      <SidebarSheet />
      <BottomTabs />
    </>
  );
}
