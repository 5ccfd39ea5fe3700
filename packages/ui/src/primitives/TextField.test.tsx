import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { TextField } from "./TextField";
import type { TextFieldProps } from "./TextField";

/** A field holding its own value, as a form would. */
function Field(props: Omit<TextFieldProps, "value" | "onChange"> & { readonly initial?: string }) {
  const { initial = "", ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextField {...rest} value={value} onChange={setValue} />;
}

describe("TextField", () => {
  it("gives phone numbers the phone keypad and at most 11 characters", async () => {
    const { user } = await renderUi(<Field label="手机号" kind="tel" />);
    const input = screen.getByLabelText<HTMLInputElement>("手机号");
    expect(input.type).toBe("tel");
    expect(input.inputMode).toBe("tel");
    expect(input.maxLength).toBe(11);
    await user.type(input, "138123456789999");
    expect(input.value).toBe("13812345678");
  });

  it("gives codes the digit keypad and 4 characters", async () => {
    const { user } = await renderUi(<Field label="验证码" kind="code" />);
    const input = screen.getByLabelText<HTMLInputElement>("验证码");
    expect(input.inputMode).toBe("numeric");
    expect(input.autocomplete).toBe("one-time-code");
    await user.type(input, "123456");
    expect(input.value).toBe("1234");
  });

  it("hides a password until the toggle shows it", async () => {
    const { user } = await renderUi(<Field label="密码" kind="password" initial="secret" />);
    const input = screen.getByLabelText<HTMLInputElement>("密码");
    expect(input.type).toBe("password");
    // Never cut: the form says the 6-18 rule instead (a cut password fails without a word).
    expect(input.maxLength).toBe(-1);
    const toggle = screen.getByRole("button", { name: "显示密码" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await user.click(toggle);
    expect(input.type).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(input.value).toBe("secret");
  });

  it("takes another keypad and autofill hint for the 6-digit password", async () => {
    await renderUi(
      <Field
        label="支付密码"
        kind="password"
        maxLength={6}
        inputMode="numeric"
        autoComplete="new-password"
      />,
    );
    const input = screen.getByLabelText<HTMLInputElement>("支付密码");
    expect(input.maxLength).toBe(6);
    expect(input.inputMode).toBe("numeric");
    expect(input.autocomplete).toBe("new-password");
  });

  it("counts a textarea's characters as people count them", async () => {
    const { user, container } = await renderUi(<Field label="评论" kind="textarea" maxLength={500} />);
    const area = screen.getByLabelText<HTMLTextAreaElement>("评论");
    expect(area.tagName).toBe("TEXTAREA");
    await user.type(area, "好看😀");
    const count = container.querySelector(".pf-text-field__count");
    expect(count?.querySelector("[aria-hidden]")?.textContent).toBe("3/500");
    expect(area.getAttribute("aria-describedby")).toBe(count?.id);
    expect(screen.getByText("已输入3个字，最多500个")).toBeTruthy();
  });

  it("links the error and hint, marks the box invalid, and keeps what was typed", async () => {
    /** A form that checks the phone when submitted, as the login popup does. */
    function Form() {
      const [value, setValue] = useState("");
      const [error, setError] = useState<string | undefined>(undefined);
      return (
        <>
          <TextField label="手机号" kind="tel" hint="+86" value={value} onChange={setValue} error={error} />
          <button
            type="button"
            onClick={() => {
              setError(value.length === 11 ? undefined : "请输入正确的手机号");
            }}
          >
            submit
          </button>
        </>
      );
    }
    const { user } = await renderUi(<Form />);
    const input = screen.getByLabelText<HTMLInputElement>("手机号");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe(screen.getByText("+86").id);
    await user.type(input, "123");
    await user.click(screen.getByRole("button", { name: "submit" }));

    expect(input.value).toBe("123");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (input.getAttribute("aria-describedby") ?? "").split(" ");
    const messages = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toEqual(["请输入正确的手机号", "+86"]);
    expect(screen.getByRole("alert").textContent).toBe("请输入正确的手机号");
    await user.type(input, "4");
    expect(input.value).toBe("1234");
  });

  it("passes focus, blur, name and disabled through, and speaks English", async () => {
    const onFocus = vi.fn();
    const onBlur = vi.fn();
    const { user } = await renderUi(
      <>
        <Field label="Password" kind="password" name="pw" onFocus={onFocus} onBlur={onBlur} />
        <Field label="Off" disabled />
      </>,
      { language: Language.enUS },
    );
    const input = screen.getByLabelText<HTMLInputElement>("Password");
    expect(input.name).toBe("pw");
    await user.click(input);
    await user.tab();
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Show password" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Off").disabled).toBe(true);
  });

  it("counts in English", async () => {
    await renderUi(<Field label="Intro" kind="textarea" maxLength={800} initial="hello" />, {
      language: Language.enUS,
    });
    expect(screen.getByText("5 of 800 characters")).toBeTruthy();
  });
});
