import { Language } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/renderApp";
import { RoutePending } from "./RoutePending";

describe("RoutePending", () => {
  it("is the page skeleton, announced once as loading in the reader's language", async () => {
    await renderApp({ api: {}, path: "/p", pages: { "/p": RoutePending } });
    const main = document.querySelector("main#main");
    expect(main?.getAttribute("aria-busy")).toBe("true");
    expect(main?.classList.contains("h5-boot--route")).toBe(true);
    const status = main?.querySelectorAll('[role="status"]') ?? [];
    expect(status).toHaveLength(1);
    expect(status[0]?.getAttribute("aria-label")).toBe("加载中…");
    expect(main?.textContent).toBe("");
  });

  it("says 'Loading…' to an English reader", async () => {
    await renderApp({ api: {}, path: "/p", pages: { "/p": RoutePending }, language: Language.enUS });
    expect(document.querySelector('main [role="status"]')?.getAttribute("aria-label")).toBe("Loading…");
  });
});
