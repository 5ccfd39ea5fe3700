import { Language } from "@platform/domain";
import { act } from "react";
import { afterEach, beforeEach } from "vitest";
import { validateIdSearch } from "../../../app/route-search";
import { byText, chooseFile, click, control, renderApp, waitFor } from "../../../test/renderApp";
import { EditVideoScreen } from "../screens";
import { fakePostingApi } from "./fakePostingApi";
import { resetUploads } from "../uploads";

/** The editor's suites start from an empty device and leave no upload running. */
export function freshEditorEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
  });
  // Before the screens are unmounted (hooks run in reverse): the store tells them, inside act.
  afterEach(() => {
    act(() => {
      resetUploads();
    });
  });
}

export function openEditor(api: unknown, path = "/editvideo", language: Language = Language.zhCN) {
  return renderApp({
    api,
    path,
    language,
    pages: { "/editvideo": { component: EditVideoScreen, validateSearch: validateIdSearch } },
  });
}

/** The form control a visible label names. */
export function labelled(label: string): HTMLElement {
  const element = byText(label, "label");
  const id = element.getAttribute("for");
  const target = id === null ? null : document.getElementById(id);
  if (target === null) throw new Error(`no control for "${label}"`);
  return target;
}

export function field(label: string): HTMLInputElement {
  const target = labelled(label);
  if (!(target instanceof HTMLInputElement)) throw new Error(`"${label}" is not an input`);
  return target;
}

export function textarea(label: string): HTMLTextAreaElement {
  const target = labelled(label);
  if (!(target instanceof HTMLTextAreaElement)) throw new Error(`"${label}" is not a textarea`);
  return target;
}

export function select(label: string): HTMLSelectElement {
  const target = labelled(label);
  if (!(target instanceof HTMLSelectElement)) throw new Error(`"${label}" is not a select`);
  return target;
}

export const chooseVideo = (file: File) => chooseFile("video-file", file);

/** '放弃', then '放弃' again in the dialog that asks first. */
export async function discardAfterAsking() {
  await click(control("放弃"));
  await waitFor(() => byText("放弃发布？"));
  const dialog = document.body.querySelector<HTMLElement>('[role="alertdialog"]');
  await click(control("放弃", dialog ?? document.body));
}

export const status = () =>
  document.body.querySelector('[role="group"][aria-label="视频上传"] [role="status"]')?.textContent ?? "";
export const errors = () => [...document.body.querySelectorAll('[role="alert"]')].map((e) => e.textContent);

export async function openNewPost(options: Parameters<typeof fakePostingApi>[0] = {}) {
  const fake = fakePostingApi(options);
  const app = await openEditor(fake.api);
  await waitFor(() => field("标题（必填）"));
  return { ...fake, app };
}
