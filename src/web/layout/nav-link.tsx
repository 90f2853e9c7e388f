import { Link } from "@tanstack/react-router";
import type { ComponentProps } from "react";
import type { AppPath } from "./nav-items";

type Props = Omit<ComponentProps<typeof Link>, "to"> & { to: AppPath };

/**
 * A router link to one of the shell's fixed paths. Home is active only on "/" itself; the others
 * also on their sub-paths (aria-current="page" comes from the router).
 */
export function NavLink({ to, ...props }: Props) {
  return <Link to={to as "/"} activeOptions={{ exact: to === "/", includeSearch: false }} {...props} />;
}
