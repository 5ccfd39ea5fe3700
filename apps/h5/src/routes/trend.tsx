import { createFileRoute } from "@tanstack/react-router";
import { TrendScreen } from "../features/trend/TrendScreen";

export const Route = createFileRoute("/trend")({
  component: TrendScreen,
});
