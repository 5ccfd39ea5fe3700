import { useLingui } from "@lingui/react/macro";
import { BottomPopup } from "@platform/ui";
import { Link } from "@tanstack/react-router";
import { CardSummary } from "./CardSummary";
import type { BankCard } from "./queries/cards";
import type { AddBankCardSearch } from "./search";

/**
 * /withdraw's card choice: the person's cards as radios; 'add a card' comes back here with the new
 * card chosen (`/addbankcard?from=`), 'manage cards' opens /cardManage.
 */
export function CardPicker({
  open,
  cards,
  chosen,
  addCardSearch,
  onClose,
  onChoose,
}: {
  readonly open: boolean;
  readonly cards: readonly BankCard[];
  readonly chosen: BankCard | null;
  readonly addCardSearch: AddBankCardSearch;
  readonly onClose: () => void;
  readonly onChoose: (id: string) => void;
}) {
  const { t } = useLingui();
  return (
    <BottomPopup open={open} onClose={onClose} title={t`选择银行卡`}>
      <fieldset className="h5-fieldset">
        <legend className="pf-visually-hidden">{t`选择银行卡`}</legend>
        {cards.map((c) => (
          <label key={c.id} className="h5-trade-choice">
            <input
              type="radio"
              name="payee"
              value={c.id}
              checked={c.id === chosen?.id}
              onChange={() => {
                onChoose(c.id);
              }}
            />
            <CardSummary card={c} />
          </label>
        ))}
      </fieldset>
      <div className="h5-trade-links">
        <Link to="/addbankcard" search={addCardSearch}>
          {t`添加银行卡`}
        </Link>
        <Link to="/cardmanage">{t`管理银行卡`}</Link>
      </div>
    </BottomPopup>
  );
}
