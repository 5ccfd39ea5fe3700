import { authGroup } from "./auth";
import { consoleGroup } from "./console";
import { cspGroup } from "./csp";
import { databaseGroup } from "./database";
import { gameGroup } from "./game";
import { limitsGroup } from "./limits";
import { liveGroup } from "./live";
import { moneyGroup } from "./money";
import { postingGroup } from "./posting";
import { sandboxGroup } from "./sandbox";
import { serverGroup } from "./server";
import type { SettingGroup } from "./setting";
import { smsGroup } from "./sms";
import { storageGroup } from "./storage";

/** Every setting the server reads, by concern, in the order the README's table lists them. */
export const settingGroups: readonly SettingGroup[] = [
  serverGroup,
  authGroup,
  databaseGroup,
  sandboxGroup,
  smsGroup,
  limitsGroup,
  cspGroup,
  moneyGroup,
  gameGroup,
  liveGroup,
  storageGroup,
  postingGroup,
  consoleGroup,
];

/** The README's markers around the table. */
export const tableStart = "<!-- settings:start -->";
export const tableEnd = "<!-- settings:end -->";

const graphemes = new Intl.Segmenter("en");

/** How wide Prettier counts a cell: one column per character (the table holds no wide ones). */
function widthOf(cell: string): number {
  return Array.from(graphemes.segment(cell)).length;
}

/** The settings table as Prettier lays a Markdown table out: every column as wide as its widest cell. */
export function settingsTable(groups: readonly SettingGroup[] = settingGroups): string {
  const rows = [
    ["variable", "default", "meaning"],
    ...groups.flatMap((g) => g.settings.map((s) => [`\`${s.name}\``, s.default, s.description])),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(3, ...rows.map((row) => widthOf(row[column] ?? ""))));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, i) => cell + " ".repeat((widths[i] ?? 0) - widthOf(cell))).join(" | ")} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/** `readme` with the text between the markers replaced by the table. */
export function withTable(readme: string, table: string = settingsTable()): string {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error(`the README has no ${tableStart} … ${tableEnd} section`);
  return `${readme.slice(0, start + tableStart.length)}\n\n${table}\n\n${readme.slice(end)}`;
}
