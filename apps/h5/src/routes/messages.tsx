import { createFileRoute } from "@tanstack/react-router";
import { accountScreen } from "../features/account/routing";

export const Route = createFileRoute("/messages")({
  // The account's screens share one lazy chunk with their catalog (features/account/routing).
  codeSplitGroupings: [],
  component: accountScreen((s) => s.MessagesScreen),
});
