import { createFileRoute } from "@tanstack/react-router";
import { validateLoginSearch } from "../app/route-search";
import { LoginScreen } from "../features/login/LoginScreen";

export const Route = createFileRoute("/login")({
  validateSearch: validateLoginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginScreen redirect={redirect ?? "/"} />;
}
