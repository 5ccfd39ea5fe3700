import { render } from "@testing-library/react";
import { composeStories } from "@storybook/react-vite";
import type { ComposedStoryFn } from "storybook/internal/types";
import type { ReactRenderer } from "@storybook/react-vite";
import { Language } from "@platform/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import preview from "../.storybook/preview";

type StoryModule = Parameters<typeof composeStories>[0];

const modules = import.meta.glob<StoryModule>("./**/*.stories.tsx", { eager: true });

/**
 * Every story of the package renders, in both languages, with no console error or warning (React's
 * key and prop warnings, failed prop types, act() warnings, lingui's missing messages all land there).
 */
describe.each([Language.zhCN, Language.enUS])("stories in %s", (language) => {
  const problems: string[] = [];
  beforeEach(() => {
    problems.length = 0;
    for (const level of ["error", "warn"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        problems.push(`${level}: ${args.map(String).join(" ")}`);
      });
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("finds the stories", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(0);
  });

  for (const [file, module] of Object.entries(modules)) {
    const stories = composeStories(module, {
      ...preview,
      initialGlobals: { ...preview.initialGlobals, language },
    });
    const entries: [string, ComposedStoryFn<ReactRenderer>][] = Object.entries(stories);
    for (const [name, Story] of entries) {
      it(`${file.replace(/^\.\//, "")} › ${name}`, async () => {
        await Story.load();
        const { container, unmount } = render(<Story />);
        await Story.play?.({ canvasElement: container });
        // Either the story drew something in place or it opened a layer (popup, drawer) on <body>.
        const drawn =
          container.textContent.trim().length > 0 ||
          container.querySelector("svg, img, video, input") !== null;
        const layered = document.body.querySelector(".pf-layer [role], .pf-layer *") !== null;
        expect(drawn || layered, "the story renders something").toBe(true);
        expect(document.documentElement.lang).toBe(language === Language.enUS ? "en-US" : "zh-CN");
        unmount();
        expect(problems).toEqual([]);
      });
    }
  }
});
