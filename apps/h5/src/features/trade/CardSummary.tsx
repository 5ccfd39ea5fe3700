import type { BankCard } from "./queries/cards";

/** A bank card shown as people recognise it: bank, masked number (as the server gives it), holder. */
export function CardSummary({ card }: { readonly card: BankCard }) {
  return (
    <span className="h5-card-summary">
      <span className="h5-card-summary__bank">{card.bankName}</span>
      <span className="h5-card-summary__number">{card.cardNumber}</span>
      <span className="h5-card-summary__holder">{card.cardholderName}</span>
    </span>
  );
}
