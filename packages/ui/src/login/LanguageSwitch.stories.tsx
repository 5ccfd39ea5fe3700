import type { Meta, StoryObj } from "@storybook/react-vite";
import { Language } from "@platform/domain";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { LanguageSwitch } from "./LanguageSwitch";
import type { LanguageSwitchProps } from "./LanguageSwitch";

const meta = {
  title: "Login/LanguageSwitch",
  component: LanguageSwitch,
  args: { value: Language.zhCN, onChange: fn() },
} satisfies Meta<typeof LanguageSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Chinese chosen. */
export const Chinese: Story = {};

/** English chosen. */
export const English: Story = { args: { value: Language.enUS } };

/** A tap on the other language chooses it. */
function Switching(props: LanguageSwitchProps) {
  const [value, setValue] = useState(props.value);
  return (
    <LanguageSwitch
      value={value}
      onChange={(language) => {
        setValue(language);
        props.onChange(language);
      }}
    />
  );
}
export const Switched: Story = {
  render: (args) => <Switching {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "English" }));
    await expect(args.onChange).toHaveBeenCalledWith(Language.enUS);
    await expect(canvas.getByRole("radio", { name: "English" })).toBeChecked();
  },
};
