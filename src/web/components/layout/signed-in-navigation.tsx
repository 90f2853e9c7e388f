import { BottomTabs } from "./bottom-tabs";
import { Sidebar, SidebarSheet, useSidebarShortcut } from "./sidebar";

/** Signed-in navigation: the desktop sidebar, the mobile sheet and bottom tab bar, and Ctrl/Cmd+B. */
export default function SignedInNavigation() {
  useSidebarShortcut();
  return (
    <>
      <Sidebar />
      <SidebarSheet />
      <BottomTabs />
    </>
  );
}
