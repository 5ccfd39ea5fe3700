import { Language, MessageKind } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { withCatalog } from "../../components/CatalogGate";
import { byText, click, control, renderApp, settle, waitFor } from "../../test/renderApp";
import { MessageSettingsScreen } from "./MessageSettingsScreen";
import { fakeMessagesApi } from "./test/fakeMessagesApi";

const Settings = withCatalog("account", MessageSettingsScreen);

function render(api: unknown, language: Language = Language.zhCN) {
  return renderApp({ api, path: "/messagesettings", language, pages: { "/messagesettings": Settings } });
}

/** The switch a label names (its aria-labelledby). */
function toggle(label: string): HTMLInputElement {
  const found = [...document.body.querySelectorAll<HTMLInputElement>('input[role="switch"]')].find(
    (input) => document.getElementById(input.getAttribute("aria-labelledby") ?? "")?.textContent === label,
  );
  if (found === undefined) throw new Error(`no switch "${label}"`);
  return found;
}

const description = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
const toasts = () => document.querySelector(".pf-toaster")?.textContent ?? "";

describe("the message settings", () => {
  it("show one switch per kind with its label and description, as the server has them", async () => {
    const fake = fakeMessagesApi();
    fake.muted.add(MessageKind.VIDEO_REVIEW);
    await render(fake.api);
    await waitFor(() => byText("购买通知"));
    expect(document.body.querySelectorAll('input[role="switch"]')).toHaveLength(8);
    expect(toggle("购买通知").checked).toBe(true);
    expect(description(toggle("购买通知"))).toBe("购买视频成功时通知我");
    expect(description(toggle("退款通知"))).toBe("我购买的视频被删除、金币退回时通知我");
    expect(toggle("提现通知").checked).toBe(true);
    expect(toggle("审核通知").checked).toBe(false);
    expect(toggle("评论回复").checked).toBe(true);
    expect(description(toggle("评论回复"))).toBe("有人回复我的评论时通知我");
    expect(description(toggle("游戏通知"))).toBe("游戏注单被退回、大额赢取审核时通知我");
  });

  it("are named in English for an English reader", async () => {
    await render(fakeMessagesApi().api, Language.enUS);
    await waitFor(() => byText("Purchases"));
    expect(description(toggle("Withdrawals"))).toBe("Tell me when a withdrawal is paid out or fails");
    expect(toggle("Video reviews")).toBeTruthy();
    expect(toggle("Comment replies")).toBeTruthy();
    expect(byText("Message settings")).toBeTruthy();
  });

  it("save a change at once, shown before the server answers", async () => {
    const fake = fakeMessagesApi();
    await render(fake.api);
    await waitFor(() => byText("评论回复"));
    await click(toggle("评论回复"));
    await waitFor(() => {
      expect(toggle("评论回复").checked).toBe(false);
    });
    expect(fake.muted.has(MessageKind.COMMENT_REPLY)).toBe(false);
    expect(fake.calls.save).toEqual([{ kind: MessageKind.COMMENT_REPLY, enabled: false }]);
    await waitFor(() => {
      expect(fake.muted.has(MessageKind.COMMENT_REPLY)).toBe(true);
    });
    await settle();
    expect(toggle("评论回复").checked).toBe(false);
  });

  it("put a switch back and say so when the save fails, leaving the others alone", async () => {
    const fake = fakeMessagesApi();
    await render(fake.api);
    await waitFor(() => byText("购买通知"));
    fake.failing.save = true;
    await click(toggle("购买通知"));
    await waitFor(() => {
      expect(toggle("购买通知").checked).toBe(false);
    });
    await waitFor(() => {
      expect(toasts()).toContain("保存失败，已恢复原设置");
    });
    // The toast and the switch put back are two renders: either may come first.
    await waitFor(() => {
      expect(toggle("购买通知").checked).toBe(true);
    });
    expect(toggle("提现通知").checked).toBe(true);
    expect(fake.muted.size).toBe(0);
  });

  it("lead to the message centre", async () => {
    const app = await render(fakeMessagesApi().api);
    await waitFor(() => byText("购买通知"));
    await click(control("消息中心"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/messages");
    });
  });
});
