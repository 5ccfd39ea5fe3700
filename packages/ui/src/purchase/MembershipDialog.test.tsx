import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { MembershipDialog } from "./MembershipDialog";

describe("MembershipDialog", () => {
  it("opens membership or cancels", async () => {
    const onOpenMembership = vi.fn();
    const onCancel = vi.fn();
    const { user } = await renderUi(
      <MembershipDialog open onOpenMembership={onOpenMembership} onCancel={onCancel} />,
    );
    expect(screen.getByRole("dialog", { name: "该功能需要开通超级会员" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "开通会员" }));
    expect(onOpenMembership).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "取消" }));
    await user.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it("speaks English under en-US, and shows nothing when closed", async () => {
    const { unmount } = await renderUi(
      <MembershipDialog open onOpenMembership={vi.fn()} onCancel={vi.fn()} />,
      {
        language: Language.enUS,
      },
    );
    expect(screen.getByRole("dialog", { name: "This needs a super membership" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Get membership" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    unmount();
    await renderUi(<MembershipDialog open={false} onOpenMembership={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
