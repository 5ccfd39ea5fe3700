import type { Meta, StoryObj } from "@storybook/react-vite";
import { Language, LoginMode, MessageKey } from "@platform/domain";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { useMessageText } from "../i18n";
import { LanguageSwitch } from "./LanguageSwitch";
import { LoginPopup } from "./LoginPopup";
import type { LoginPopupProps } from "./LoginPopup";

const meta = {
  title: "Login/LoginPopup",
  component: LoginPopup,
  args: {
    open: true,
    onClose: fn(),
    onModeChange: fn(),
    onSendCode: fn(() => Promise.resolve(true)),
    onCodeLogin: fn(() => Promise.resolve()),
    onPasswordLogin: fn(() => Promise.resolve()),
    onRegister: fn(() => Promise.resolve()),
    onResetPassword: fn(() => Promise.resolve()),
    onIdCardQr: fn(),
    alert: fn(),
    // No camera in stories: the scanner shows its 'no camera' state with the album way.
    mediaDevices: null,
  },
} satisfies Meta<typeof LoginPopup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The default mode: phone code login, with the identity-card entries. */
export const CodeLogin: Story = {};

/** Password login. */
export const PasswordLogin: Story = { args: { defaultMode: LoginMode.login } };

/** Register with a password. */
export const Register: Story = { args: { defaultMode: LoginMode.reg } };

/** Reset password. */
export const ResetPassword: Story = { args: { defaultMode: LoginMode.reset } };

/** Submitting empty: each field says what is wrong (and a toast repeats the first). */
export const ValidationErrors: Story = {
  args: { defaultMode: LoginMode.reg },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole("button", { name: /^(注册|Register)$/ }));
    await waitFor(() => expect(body.getAllByRole("alert").length).toBeGreaterThan(2));
  },
};

/** A password longer than 18 characters: kept whole, the 6-18 rule said at once. */
export const PasswordTooLong: Story = {
  args: { defaultMode: LoginMode.login },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(
      body.getByLabelText(/^(密码|Password)$/, { selector: "input" }),
      "abcdefghij0123456789x",
    );
    await waitFor(() => expect(body.getAllByRole("alert").length).toBeGreaterThan(0));
  },
};

/** A wrong phone number in password login. */
export const InvalidPhone: Story = {
  args: { defaultMode: LoginMode.login },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(body.getByRole("textbox", { name: /手机号|Phone number/ }), "12345");
    await userEvent.click(body.getByRole("button", { name: /^(登录|Log in|Login)$/ }));
    await waitFor(() => expect(body.getAllByRole("alert").length).toBeGreaterThan(0));
  },
};

/** The code was sent: the button counts down from 60 s. */
export const CountdownRunning: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(body.getByRole("textbox", { name: /手机号|Phone number/ }), "13812345678");
    await userEvent.click(body.getByRole("button", { name: /获取验证码|Get code/ }));
    await waitFor(() => expect(body.getByRole("button", { name: /^\d+s$/ })).toBeTruthy());
  },
};

/** A call is running: the submit button waits. */
export const Busy: Story = { args: { busy: true } };

/** The server refused: its message above the submit button, the input kept. */
function WithServerError(props: LoginPopupProps) {
  const text = useMessageText();
  return <LoginPopup {...props} error={text(MessageKey.errorSystem)} />;
}
export const ServerError: Story = {
  args: { defaultMode: LoginMode.login },
  render: (args) => <WithServerError {...args} />,
};

/** On a sign-in page: the language switch at the sheet's top. */
export const WithLanguageSwitch: Story = {
  args: { languageSwitch: <LanguageSwitch value={Language.zhCN} onChange={fn()} /> },
};
