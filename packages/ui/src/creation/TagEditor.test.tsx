import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { TagEditor } from "./TagEditor";

/** The editor with its own state, reporting each change. */
function Harness({ initial, onChange }: { initial: string[]; onChange: (tags: string[]) => void }) {
  const [tags, setTags] = useState(initial);
  return (
    <TagEditor
      tags={tags}
      onChange={(next) => {
        setTags(next);
        onChange(next);
      }}
    />
  );
}

const box = () => screen.getByRole("textbox", { name: "添加标签" });
const chips = () =>
  within(screen.queryByRole("list", { name: "已添加的标签" }) ?? document.createElement("ul"))
    .queryAllByRole("listitem")
    .map((li) => li.textContent.replace("×", ""));

describe("TagEditor", () => {
  it("adds a tag with Enter or the add button and a comma, '#' dropped; removes one with its button", async () => {
    const onChange = vi.fn();
    const { user } = await renderUi(<Harness initial={["旅行"]} onChange={onChange} />);
    await user.type(box(), "#日落{Enter}");
    expect(chips()).toEqual(["#旅行", "#日落"]);
    await user.type(box(), "海边，");
    expect(chips()).toEqual(["#旅行", "#日落", "#海边"]);
    await user.type(box(), "city");
    await user.click(screen.getByRole("button", { name: "添加" }));
    expect(chips()).toEqual(["#旅行", "#日落", "#海边", "#city"]);
    expect(screen.getByText("4/10")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "删除标签 日落" }));
    expect(chips()).toEqual(["#旅行", "#海边", "#city"]);
    expect(onChange).toHaveBeenLastCalledWith(["旅行", "海边", "city"]);
  });

  it("says a tag over 16 characters is too long and keeps it in the box", async () => {
    const onChange = vi.fn();
    const { user } = await renderUi(<Harness initial={[]} onChange={onChange} />);
    await user.type(box(), "一二三四五六七八九十一二三四五六七{Enter}");
    expect(screen.getByRole("alert").textContent).toBe("每个标签最多 16 个字");
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect((box() as HTMLInputElement).value).toHaveLength(17);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses a tag it already has, and closes the box at ten tags", async () => {
    const onChange = vi.fn();
    const nine = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    const { user } = await renderUi(<Harness initial={nine} onChange={onChange} />);
    await user.type(box(), "3{Enter}");
    expect(screen.getByRole("alert").textContent).toBe("已经有这个标签了");
    await user.clear(box());
    await user.type(box(), "10{Enter}");
    expect(chips()).toHaveLength(10);
    expect((box() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("最多 10 个标签")).toBeTruthy();
    // Backspace in an empty box removes the last tag.
    await user.click(screen.getByRole("button", { name: "删除标签 10" }));
    await user.type(box(), "{Backspace}");
    expect(chips()).toHaveLength(8);
  });

  it("never submits the form around it on Enter", async () => {
    const submit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
    });
    const { user } = await renderUi(
      <form onSubmit={submit}>
        <Harness initial={[]} onChange={vi.fn()} />
      </form>,
    );
    await user.type(box(), "tag{Enter}");
    expect(submit).not.toHaveBeenCalled();
  });

  it("speaks English", async () => {
    await renderUi(<TagEditor tags={["travel"]} onChange={vi.fn()} />, { language: Language.enUS });
    expect(screen.getByRole("group", { name: "Tags" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove tag travel" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Add a tag" })).toBeTruthy();
  });
});
