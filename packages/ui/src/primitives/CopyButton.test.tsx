import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { CopyButton } from "./CopyButton";

/** jsdom has no execCommand: stand one in that reports `works`. */
function stubExecCommand(works: boolean) {
  const execCommand = vi.fn(() => works);
  Object.defineProperty(document, "execCommand", { configurable: true, value: execCommand });
  return execCommand;
}

afterEach(() => {
  Reflect.deleteProperty(document, "execCommand");
  vi.restoreAllMocks();
});

describe("CopyButton and useCopy", () => {
  it("copies through the clipboard and says 'copy success'", async () => {
    const { user } = await renderUi(<CopyButton text="88012345">ID 88012345</CopyButton>);
    await user.click(screen.getByRole("button", { name: "ID 88012345" }));
    // user-event's clipboard stands in for the browser's.
    await expect(navigator.clipboard.readText()).resolves.toBe("88012345");
    expect((await screen.findByText("复制成功")).className).toContain("pf-toast--success");
  });

  it("falls back to a selected textarea and execCommand when the clipboard refuses", async () => {
    const { user } = await renderUi(<CopyButton text="https://example.invalid/v/1" />, {
      language: Language.enUS,
    });
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("NotAllowedError"));
    const execCommand = stubExecCommand(true);
    const button = screen.getByRole("button", { name: "Copy" });
    await user.click(button);
    expect(execCommand).toHaveBeenCalledWith("copy");
    expect(await screen.findByText("Copied")).toBeTruthy();
    // The helper textarea is gone and focus is back on the button.
    expect(document.querySelector("textarea")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("asks the user to copy by hand when both ways fail", async () => {
    const { user } = await renderUi(<CopyButton text="x" label="复制会员ID" />);
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("NotAllowedError"));
    stubExecCommand(false);
    await user.click(screen.getByRole("button", { name: "复制会员ID" }));
    expect((await screen.findByRole("alert")).textContent).toBe("复制失败，请长按文字手动复制");
  });
});
