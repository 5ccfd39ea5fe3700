import { createFileRoute } from "@tanstack/react-router";
import { withCatalog } from "../components/CatalogGate";
import { SettingsScreen } from "../features/settings/SettingsScreen";

export const Route = createFileRoute("/mysettings")({
  // Its words are the 'my' panel's catalog (it opens from the panel).
  component: withCatalog("panel", SettingsScreen),
});
