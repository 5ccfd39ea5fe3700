import { ApiError } from "@platform/api-client";
import type { RequestOf } from "@platform/api-client";
import { Language, ReportTarget } from "@platform/domain";
import { describe, expect, it, vi } from "vitest";
import { byText, click, control, queryText, renderApp, waitFor } from "../../test/renderApp";
import { useReport } from "./useReport";

type ReportRequest = RequestOf<"system.report">;

/** Two things to report on the page below, by their buttons' text. */
const targets = [
  { text: "report user", target: { type: ReportTarget.USER, id: "42" } },
  { text: "report comment", target: { type: ReportTarget.COMMENT, id: "9" } },
];

/** A page with two things to report, as a caller would use the hook. */
function ReportingPage() {
  const { report, element } = useReport();
  return (
    <>
      {targets.map(({ text, target }) => (
        <button
          key={text}
          type="button"
          onClick={() => {
            report(target);
          }}
        >
          {text}
        </button>
      ))}
      {element}
    </>
  );
}

function fakeApi(fail = false) {
  const report = vi.fn((_request: ReportRequest) =>
    fail
      ? Promise.reject(new ApiError({ kind: "business", endpoint: "system.report", code: 400, msg: "no" }))
      : Promise.resolve(null),
  );
  return { api: { system: { report } }, report };
}

const sheet = () => document.body.querySelector<HTMLElement>('[role="dialog"]');

function open(api: unknown, language: Language = Language.zhCN) {
  return renderApp({ api, path: "/page", pages: { "/page": ReportingPage }, language });
}

describe("useReport", () => {
  it("lists the five reasons with cancel; a reason sends the report and toasts the success", async () => {
    const fake = fakeApi();
    await open(fake.api);
    expect(sheet()).toBeNull();

    await click(control("report user"));
    await waitFor(() => {
      expect(sheet()?.getAttribute("aria-labelledby")).toBeTruthy();
    });
    expect(byText("请选择举报原因")).toBeTruthy();
    const choices = [...(sheet()?.querySelectorAll("button") ?? [])].map((b) => b.textContent);
    expect(choices).toEqual(["垃圾广告", "辱骂攻击", "色情低俗", "违法违规", "其他", "取消"]);

    await click(control("辱骂攻击"));
    await waitFor(() => byText("举报成功，我们会尽快处理"));
    expect(fake.report).toHaveBeenCalledOnce();
    expect(fake.report.mock.calls[0]?.[0]).toEqual({ targetType: "USER", targetId: "42", reason: "ABUSE" });
    await waitFor(() => {
      expect(sheet()).toBeNull();
    });

    // The same sheet serves any target: a comment this time.
    await click(control("report comment"));
    await waitFor(() => byText("垃圾广告"));
    await click(control("垃圾广告"));
    await waitFor(() => {
      expect(fake.report).toHaveBeenCalledTimes(2);
    });
    expect(fake.report.mock.calls[1]?.[0]).toEqual({ targetType: "COMMENT", targetId: "9", reason: "SPAM" });
  });

  it("cancel sends nothing", async () => {
    const fake = fakeApi();
    await open(fake.api);
    await click(control("report user"));
    await waitFor(() => byText("其他"));
    await click(control("取消"));
    await waitFor(() => {
      expect(sheet()).toBeNull();
    });
    expect(fake.report).not.toHaveBeenCalled();
  });

  it("a refused report shows no success", async () => {
    const fake = fakeApi(true);
    await open(fake.api);
    await click(control("report user"));
    await waitFor(() => byText("违法违规"));
    await click(control("违法违规"));
    await waitFor(() => {
      expect(fake.report).toHaveBeenCalledOnce();
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(queryText("举报成功，我们会尽快处理")).toBeNull();
  });

  it("speaks English", async () => {
    const fake = fakeApi();
    await open(fake.api, Language.enUS);
    await click(control("report user"));
    await waitFor(() => byText("Why are you reporting this?"));
    await click(control("Sexual or vulgar content"));
    await waitFor(() => byText("Reported. We will look into it."));
    expect(fake.report.mock.calls[0]?.[0]).toMatchObject({ reason: "SEXUAL" });
  });
});
