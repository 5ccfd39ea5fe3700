import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@platform/api-client/admin";
import { ActForm } from "./ActForm";
import { DataTable, nextSort } from "./DataTable";

const i18n = setupI18n({ locale: "zh-CN", messages: { "zh-CN": {} } });
const wrap = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

afterEach(cleanup);

describe("an operator's act", () => {
  it("asks for a reason before it can be done, runs once, and shows the server's refusal in place", async () => {
    let fail = true;
    const call = vi.fn(() =>
      fail
        ? Promise.reject(new ApiError({ kind: "business", endpoint: "people.ban", code: 409, msg: "已处理" }))
        : Promise.resolve(null),
    );
    const done = vi.fn();
    wrap(<ActForm label="封禁" needsReason act={call} onDone={done} />);
    const button = screen.getByRole("button", { name: "封禁" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "  诈骗  " } });
    expect(button).toHaveProperty("disabled", false);
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(call).toHaveBeenCalledWith("诈骗");
    expect(screen.getByRole("alert").textContent).toBe("已处理");
    expect(done).not.toHaveBeenCalled();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "封禁" }));
      await Promise.resolve();
    });
    expect(done).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refuses a reason over 200 characters", () => {
    wrap(<ActForm label="下架" needsReason act={() => Promise.resolve()} />);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "长".repeat(201) } });
    expect(screen.getByRole("button", { name: "下架" })).toHaveProperty("disabled", true);
  });
});

describe("a server list", () => {
  it("shows its rows, opens one from the keyboard, and pages", () => {
    const open = vi.fn();
    const onPage = vi.fn();
    wrap(
      <DataTable
        label="用户"
        columns={[
          { id: "name", header: "昵称", accessorFn: (row: { id: string; name: string }) => row.name },
        ]}
        rows={[
          { id: "1", name: "阿北" },
          { id: "2", name: "小影" },
        ]}
        rowId={(row) => row.id}
        empty="没有"
        onSelect={open}
        paging={{ page: 1, size: 2, total: 5, onPage }}
      />,
    );
    expect(screen.getAllByRole("row").map((row) => row.textContent)).toEqual(["昵称", "阿北", "小影"]);
    fireEvent.keyDown(screen.getAllByRole("row")[2]!, { key: "Enter" });
    expect(open).toHaveBeenCalledWith({ id: "2", name: "小影" });
    expect(screen.getByText("第 1 / 3 页，共 5 条")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "下一页" }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("asks the server for an order from a sortable header, and says which order is shown", () => {
    const onSort = vi.fn();
    wrap(
      <DataTable
        label="用户"
        columns={[
          { id: "nickName", header: "昵称", accessorFn: (row: { id: string; name: string }) => row.name },
          { id: "id", header: "编号", accessorFn: (row: { id: string; name: string }) => row.id },
        ]}
        rows={[{ id: "1", name: "阿北" }]}
        rowId={(row) => row.id}
        empty="没有"
        sorting={{ columns: ["nickName"], sort: { by: "nickName", desc: true }, onSort }}
      />,
    );
    expect(screen.getByRole("columnheader", { name: /昵称/ }).getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByRole("columnheader", { name: "编号" }).getAttribute("aria-sort")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /昵称/ }));
    expect(onSort).toHaveBeenCalledWith("nickName");
    expect(nextSort({ by: "nickName", desc: true }, "nickName")).toEqual({ by: "nickName", desc: false });
    expect(nextSort({ by: "nickName", desc: false }, "id")).toEqual({ by: "id", desc: true });
  });

  it("says so when there is nothing", () => {
    wrap(<DataTable label="用户" columns={[]} rows={[]} rowId={() => ""} empty="没有找到用户" />);
    expect(screen.getByText("没有找到用户")).toBeTruthy();
  });
});
