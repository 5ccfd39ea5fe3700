import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { LiveChat } from "./LiveChat";

const messages = [
  { id: "1", nickName: "小影", content: "晚上好" },
  { id: "2", nickName: "阿北", content: "画面很清楚" },
];

describe("LiveChat", () => {
  it("in a ticket room, to someone without a ticket, shows the messages and says a ticket lets them join", async () => {
    await renderUi(
      <LiveChat
        messages={messages}
        canWrite={false}
        closedReason="ticket"
        maxLength={500}
        onSend={vi.fn()}
      />,
    );
    const log = screen.getByRole("log");
    expect(log.textContent).toBe("小影晚上好阿北画面很清楚");
    expect(screen.getByText("购买门票后即可参与聊天")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("in a members-only room shows the messages and says membership lets them join, in English too", async () => {
    await renderUi(
      <LiveChat
        messages={messages}
        canWrite={false}
        closedReason="members"
        maxLength={500}
        onSend={vi.fn()}
      />,
      { language: Language.enUS },
    );
    expect(screen.getByRole("log").textContent).toBe("小影晚上好阿北画面很清楚");
    expect(screen.getByText("Get super membership to join the chat")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("in a quiet ticket room does not invite someone who cannot write to talk first", async () => {
    await renderUi(
      <LiveChat messages={[]} canWrite={false} closedReason="ticket" maxLength={500} onSend={vi.fn()} />,
      { language: Language.enUS },
    );
    expect(screen.getByRole("log").textContent).toBe("No one has said anything yet");
    expect(screen.getByText("Buy a ticket to join the chat")).toBeTruthy();
  });
});
