import { createFileRoute } from "@tanstack/react-router";
import { AdminLabPage, type ExtraLabTab } from "~/web/features/admin/admin-lab";
import { PostsAdminTab } from "~/web/features/feed/components/posts-admin-tab";

type AdminSearch = { tab?: string };

/**
 * /admin, the Knowledge Lab. Other areas' tabs are composed here (features do not import each
 * other): Deep Dives authoring comes from the feed feature.
 */
const extraTabs: ExtraLabTab[] = [{ value: "posts", label: "Posts", content: <PostsAdminTab /> }];

export const Route = createFileRoute("/admin")({
  validateSearch: (search: Record<string, unknown>): AdminSearch =>
    typeof search.tab === "string" && /^[a-z-]{1,20}$/.test(search.tab) ? { tab: search.tab } : {},
  component: AdminRoute,
});

function AdminRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminLabPage
      tab={tab ?? "overview"}
      extraTabs={extraTabs}
      onTabChange={(next) =>
        void navigate({ search: next === "overview" ? {} : { tab: next }, replace: true })
      }
    />
  );
}
