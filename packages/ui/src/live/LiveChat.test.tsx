import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { LiveChat } from "./LiveChat";

describe("LiveChat", () => {
  it("in a ticket room, to someone without a ticket, is there and says what opens it", async () => {
    await renderUi(
      <LiveChat messages={[]} canWrite={false} closedReason="ticket" maxLength={500} onSend={vi.fn()} />,
    );
    expect(screen.getByRole("region", { name: "直播聊天" })).toBeTruthy();
    expect(screen.getByRole("log").textContent).toBe("购买门票后即可查看和参与聊天");
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("in a members-only room says membership opens it, in English too", async () => {
    await renderUi(
      <LiveChat messages={[]} canWrite={false} closedReason="members" maxLength={500} onSend={vi.fn()} />,
      { language: Language.enUS },
    );
    expect(screen.getByRole("log").textContent).toBe("Open super membership to read and join the chat");
  });
});
