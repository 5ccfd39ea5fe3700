/**
 * The money forms (recharge, transfers) read a typed amount by the domain's rule, the one
 * withdrawals use: hundredths, or the amount's own problem (`amountRequired`, `amountFormat`).
 */
export { readAmountInput as readAmount } from "@platform/domain";
