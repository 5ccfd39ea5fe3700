import { createFileRoute } from "@tanstack/react-router";
import { gameScreen } from "../features/game/routing";

export const Route = createFileRoute("/game")({
  // The game lobby is a lazy chunk of its own with its catalog (features/game/routing).
  codeSplitGroupings: [],
  component: gameScreen((screens) => screens.GameScreen),
});
