import { createFileRoute } from "@tanstack/react-router";
import { accountScreen } from "../features/account/routing";

export const Route = createFileRoute("/accountlogout")({
  // The account screens are one lazy chunk with their catalog (features/account/routing).
  codeSplitGroupings: [],
  component: accountScreen((screens) => screens.AccountLogoutScreen),
});
