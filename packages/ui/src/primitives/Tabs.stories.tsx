import type { Meta, StoryObj } from "@storybook/react-vite";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { fn } from "storybook/test";
import { TabLinks } from "./TabLinks";
import { Tabs } from "./Tabs";
import type { TabItem, TabsProps } from "./Tabs";

type Words = readonly [zh: string, en: string];

/** The app's tab rows (search, orders, the feed's classifications, favourites), in the toolbar's language. */
const rows = {
  search: [
    ["video", ["视频", "Videos"]],
    ["member", ["用户", "Users"]],
  ],
  orders: [
    ["RECHARGE_ORDER", ["充值订单", "Top-ups"]],
    ["WITHDRAW_ORDER", ["提现订单", "Withdrawals"]],
  ],
  // Classifications are the catalogue's own names, in both languages as the server stores them.
  feed: [
    ["all", ["全部", "All"]],
    ["travel", ["旅行", "Travel"]],
    ["food", ["美食", "Food"]],
    ["music", ["音乐", "Music"]],
    ["games", ["游戏", "Games"]],
    ["sport", ["体育运动", "Sports"]],
    ["science", ["科学与技术", "Science and technology"]],
    ["pets", ["萌宠", "Pets"]],
  ],
  favourites: [
    ["ALL", ["全部", "All"]],
    ["FAVORITES", ["收藏夹", "Folders"]],
  ],
} satisfies Record<string, readonly (readonly [string, Words])[]>;

type Row = keyof typeof rows;

function useItems(row: Row): { items: TabItem[]; label: string } {
  const { i18n } = useLingui();
  const pick = ([zh, en]: Words) => (i18n.locale === "en-US" ? en : zh);
  const labels: Record<Row, Words> = {
    search: ["搜索结果", "Search results"],
    orders: ["订单类型", "Order type"],
    feed: ["分类", "Categories"],
    favourites: ["收藏分类", "Favourites"],
  };
  return {
    items: rows[row].map(([key, words]) => ({ key, label: pick(words) })),
    label: pick(labels[row]),
  };
}

interface ExampleProps extends Pick<TabsProps<string>, "layout" | "activation" | "onSelect"> {
  readonly row: Row;
  /** The tab chosen first; one no tab has leaves every tab unchosen. */
  readonly initial: string | null;
}

/** A row of tabs over its panel, choosing as a person would (the panel names the chosen tab). */
function Example({ row, initial, onSelect, ...rest }: ExampleProps) {
  const { items, label } = useItems(row);
  const [selected, setSelected] = useState(initial);
  const chosen = items.find((item) => item.key === selected);
  return (
    <div>
      <Tabs
        {...rest}
        items={items}
        selected={selected}
        label={label}
        idBase="story"
        panelId="story-panel"
        onSelect={(key) => {
          setSelected(key);
          onSelect(key);
        }}
      />
      <div id="story-panel" role="tabpanel" aria-labelledby={chosen ? `story-tab-${chosen.key}` : undefined}>
        <p>{chosen?.label ?? "—"}</p>
      </div>
    </div>
  );
}

/** The same row as links, each an address of its own (favourites: all, or the folders). */
function Links({ initial }: { readonly initial: string | null }) {
  const { items, label } = useItems("favourites");
  return (
    <TabLinks
      items={items}
      selected={initial}
      label={label}
      link={(item, props) => (
        <a href={`#${item.key}`} {...props}>
          {item.label}
        </a>
      )}
    />
  );
}

const meta = {
  title: "Primitives/Tabs",
  component: Example,
  args: { row: "search", initial: "video", onSelect: fn() },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two tabs sharing the row (search results: videos or users); arrow keys choose. */
export const Fill: Story = {};
/** The second tab chosen (orders: withdrawals). */
export const SecondChosen: Story = { args: { row: "orders", initial: "WITHDRAW_ORDER" } };
/** Many tabs in a row that scrolls sideways (the feed's classifications); arrow keys only move the focus. */
export const Scroll: Story = {
  args: { row: "feed", initial: "all", layout: "scroll", activation: "manual" },
};
/** Scrolled to a tab far along the row. */
export const ScrollFarTabChosen: Story = {
  args: { row: "feed", initial: "science", layout: "scroll", activation: "manual" },
};
/** A choice no tab has (a classification since removed): none chosen, the first tab takes the focus. */
export const NoneChosen: Story = { args: { row: "feed", initial: "gone", layout: "scroll" } };
/** Links, each its own page (favourites: all, or the folders), as filled boxes, the current one `aria-current`. */
export const AsLinks: Story = { render: () => <Links initial="FAVORITES" /> };
