import { ApiError } from "@platform/api-client";
import type { RequestOf, ResponseOf } from "@platform/api-client";
import { OrderTab } from "@platform/domain";
import { vi } from "vitest";
import { pageOf } from "../../../test/fakes";
import type { BankCard } from "../queries/cards";
import type { StatementLine } from "../queries/money";
import type { RechargeOrder, WithdrawOrder } from "../queries/orders";
import type { PayConfig } from "../queries/recharge";

export const MOBILE = "13800000001";

export function rechargeOrder(n: number, overrides: Partial<RechargeOrder> = {}): RechargeOrder {
  return {
    orderType: OrderTab.RECHARGE_ORDER,
    id: String(n),
    orderNum: `R2025000${String(n).padStart(4, "0")}`,
    status: "PAYMENT_SUCCESSFUL",
    payMethod: "EE_PAY",
    applicationAmount: 10_000,
    receivedAmount: 10_000,
    payee: null,
    bankName: null,
    payUrl: null,
    expireTime: null,
    failureReason: null,
    cancelReason: null,
    createTime: "2025-06-01 10:00:00",
    paymentTime: "2025-06-01 10:01:00",
    ...overrides,
  };
}

export function withdrawOrder(n: number, overrides: Partial<WithdrawOrder> = {}): WithdrawOrder {
  return {
    orderType: OrderTab.WITHDRAW_ORDER,
    id: String(1000 + n),
    orderNum: `W2025000${String(n).padStart(4, "0")}`,
    status: "WITHDRAWING",
    withdrawType: "BANK_WITHDRAW",
    timing: "NORMAL",
    applicationAmount: 5_000,
    receivedAmount: null,
    bonusAmount: 0,
    payee: "张三",
    bankName: "招商银行",
    cardNumber: "**** **** **** 1234",
    failureReason: null,
    createTime: "2025-06-02 09:00:00",
    paymentTime: null,
    urge: 1,
    receiptConfirmed: false,
    retriesToday: 0,
    retried: false,
    sent: false,
    ...overrides,
  };
}

export function card(n: number, overrides: Partial<BankCard> = {}): BankCard {
  return {
    id: String(n),
    cardNumber: `**** **** **** ${String(4000 + n)}`,
    cardholderName: "张三",
    bankName: n === 1 ? "招商银行" : "工商银行",
    isPrimary: n === 1,
    ...overrides,
  };
}

export const rangeMethod: PayConfig = {
  payMethod: "EE_PAY",
  name: "EE Pay",
  priceType: "RANGE",
  minAmount: 1_000,
  maxAmount: 500_000,
  amounts: [],
  sandbox: true,
};

export const normalMethod: PayConfig = {
  payMethod: "BANK_SM",
  name: "Bank",
  priceType: "NORMAL",
  minAmount: 0,
  maxAmount: 0,
  amounts: [5_000, 10_000, 20_000],
  sandbox: false,
};

function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${String(index)}`);
  return item;
}

/** A refusal of the server, with its key (and its own words, as the server would send them). */
export function refusal(endpoint: string, msgKey: string, msg = "refused"): ApiError {
  return new ApiError({ kind: "business", endpoint, code: 400, msg, msgKey });
}

export interface FakeTradeOptions {
  readonly recharges?: number;
  readonly withdrawals?: number;
  readonly cards?: readonly BankCard[];
  readonly payConfig?: readonly PayConfig[];
  readonly statementLines?: number;
}

/**
 * The calls the money screens make, over a small in-memory account: gold 195.50, wallet 50.00;
 * `recharges` and `withdrawals` orders in the lists (the first withdrawal WITHDRAWING, the second
 * WITHDRAW_FAILED, the rest successful); cards as given (one current by default).
 */
export function fakeTradeApi(options: FakeTradeOptions = {}) {
  const recharges = Array.from({ length: options.recharges ?? 3 }, (_, i) =>
    rechargeOrder(i + 1, i === 0 ? { status: "PAYING", receivedAmount: null, paymentTime: null } : {}),
  );
  const withdrawals = Array.from({ length: options.withdrawals ?? 3 }, (_, i) =>
    withdrawOrder(
      i + 1,
      i === 0
        ? {}
        : i === 1
          ? { status: "WITHDRAW_FAILED", failureReason: "server.payoutFailed" }
          : { status: "WITHDRAW_SUCCESS", receivedAmount: 5_000 },
    ),
  );
  const state = {
    wallet: [
      { type: "GOLD", wallet: 19_550 },
      { type: "WALLET", wallet: 5_000 },
    ],
    recharges,
    withdrawals,
    cards: [...(options.cards ?? [card(1)])],
    /** What orderDetail answers next for an order number (then stays): a status change to follow. */
    nextStatus: new Map<string, RechargeOrder["status"]>(),
  };
  const findRecharge = (orderNum: string) => state.recharges.find((o) => o.orderNum === orderNum);
  /** A recharge as it now stands: moved to its `nextStatus` (and stored so) when one is set. */
  const advanceRecharge = (endpoint: string, orderNum: string): Promise<RechargeOrder> => {
    const order = findRecharge(orderNum);
    if (order === undefined) return Promise.reject(notFound(endpoint));
    const next = state.nextStatus.get(orderNum);
    if (next === undefined) return Promise.resolve(order);
    const moved: RechargeOrder = {
      ...order,
      status: next,
      receivedAmount: next === "PAYMENT_SUCCESSFUL" ? order.applicationAmount : null,
    };
    state.recharges = state.recharges.map((o) => (o.orderNum === orderNum ? moved : o));
    return Promise.resolve(moved);
  };
  const findWithdraw = (orderNum: string) => state.withdrawals.find((o) => o.orderNum === orderNum);
  const replaceWithdraw = (order: WithdrawOrder) => {
    state.withdrawals = state.withdrawals.map((o) => (o.orderNum === order.orderNum ? order : o));
    return order;
  };
  const notFound = (endpoint: string) =>
    new ApiError({ kind: "business", endpoint, code: 404, msg: "not found", msgKey: "server.notFound" });
  const statement: StatementLine[] = Array.from({ length: options.statementLines ?? 12 }, (_, i) => ({
    id: String(i + 1),
    balanceType: i % 2 === 0 ? "GOLD" : "WALLET",
    reason: i % 2 === 0 ? "RECHARGE" : "BUY_VIDEO",
    amount: i % 2 === 0 ? 10_000 : -1_999,
    balanceAfter: 19_550 - i,
    orderNum: i % 2 === 0 ? `R2025000${String(i).padStart(4, "0")}` : null,
    createTime: "2025-06-01 10:00:00",
  }));

  const api = {
    client: { userInfo: { id: "7", mobile: MOBILE }, storage: { get: () => null } },
    user: {
      sendValidateCode: vi.fn((_request: RequestOf<"user.sendValidateCode">) => Promise.resolve(null)),
    },
    trade: {
      accountDetail: vi.fn(() => Promise.resolve(state.wallet)),
      payConfig: vi.fn(() => Promise.resolve(options.payConfig ?? [rangeMethod, normalMethod])),
      rechargeGold: vi.fn(
        (
          request: RequestOf<"trade.rechargeGold">,
          _options?: { quiet?: boolean; idempotencyKey?: string },
        ) => {
          const order = rechargeOrder(99, {
            status: "PAYING",
            payMethod: request.payMethod,
            applicationAmount: request.amount,
            receivedAmount: null,
            payUrl: "https://pay.example/hosted/R20250000099",
          });
          state.recharges = [order, ...state.recharges];
          return Promise.resolve(order);
        },
      ),
      orderDetail: vi.fn(({ orderNum }: { orderNum: string }) =>
        advanceRecharge("trade.orderDetail", orderNum),
      ),
      // The server asks the provider: the order as it then stands (`nextStatus` when set).
      confirmPaid: vi.fn(
        ({ orderNum }: { orderNum: string }, _options?: { quiet?: boolean; signal?: AbortSignal }) =>
          advanceRecharge("trade.confirmPaid", orderNum),
      ),
      cancelOrder: vi.fn((request: RequestOf<"trade.cancelOrder">) => {
        state.recharges = state.recharges.map((o) =>
          o.orderNum === request.orderNum ? { ...o, status: "CANCELLED", cancelReason: request.reason } : o,
        );
        state.withdrawals = state.withdrawals.map((o) =>
          o.orderNum === request.orderNum ? { ...o, status: "CANCELLED" } : o,
        );
        return Promise.resolve(null);
      }),
      userBillDetails: vi.fn((request: RequestOf<"trade.userBillDetails">) => {
        const list: (RechargeOrder | WithdrawOrder)[] =
          request.tab === OrderTab.RECHARGE_ORDER ? state.recharges : state.withdrawals;
        return Promise.resolve(pageOf(request, list.length, (n) => itemAt(list, n - 1)));
      }),
      withdrawByOrderNum: vi.fn(({ orderNum }: { orderNum: string }) => {
        const order = findWithdraw(orderNum);
        return order === undefined
          ? Promise.reject(notFound("trade.withdrawByOrderNum"))
          : Promise.resolve(order);
      }),
      urgeWithdraw: vi.fn(({ orderNum }: { orderNum: string }) => {
        const order = findWithdraw(orderNum);
        if (order === undefined) return Promise.reject(notFound("trade.urgeWithdraw"));
        return Promise.resolve(replaceWithdraw({ ...order, urge: 2 }));
      }),
      confirmReceived: vi.fn(({ orderNum }: { orderNum: string }) => {
        const order = findWithdraw(orderNum);
        if (order === undefined) return Promise.reject(notFound("trade.confirmReceived"));
        return Promise.resolve(replaceWithdraw({ ...order, receiptConfirmed: true }));
      }),
      withdrawConfig: vi.fn(() =>
        Promise.resolve({
          minAmount: 1_000,
          maxAmount: 5_000_000,
          withdrawTypes: ["BANK_WITHDRAW", "EEPAY_WITHDRAW"] as ("BANK_WITHDRAW" | "EEPAY_WITHDRAW")[],
          reservedBonusHours: 72,
          reservedBonusPercent: 1,
          retriesPerDay: 10,
          eWalletReviewMinutes: { min: 5, max: 10 },
        }),
      ),
      withdrawalDetail: vi.fn(() =>
        Promise.resolve({
          goldBalance: 19_550,
          withdrawable: 15_000,
          minAmount: 1_000,
          hasBankCard: state.cards.length > 0,
        }),
      ),
      withdrawal: vi.fn(
        (request: RequestOf<"trade.withdrawal">, _options?: { quiet?: boolean; idempotencyKey?: string }) => {
          const order = withdrawOrder(50, {
            applicationAmount: request.amount,
            timing: request.timing,
            withdrawType: request.withdrawType,
          });
          state.withdrawals = [order, ...state.withdrawals];
          return Promise.resolve(order);
        },
      ),
      withdrawEEPay: vi.fn((request: RequestOf<"trade.withdrawEEPay">) => {
        const order = withdrawOrder(51, {
          applicationAmount: request.amount,
          timing: request.timing,
          withdrawType: "EEPAY_WITHDRAW",
        });
        state.withdrawals = [order, ...state.withdrawals];
        return Promise.resolve(order);
      }),
      payeeCards: vi.fn(() => Promise.resolve(state.cards)),
      createPayee: vi.fn((request: RequestOf<"trade.createPayee">) => {
        const added = card(state.cards.length + 1, {
          cardNumber: `**** ${request.cardNumber.slice(-4)}`,
          cardholderName: request.cardholderName,
          bankName: request.bankName,
          isPrimary: state.cards.length === 0,
        });
        state.cards = [...state.cards, added];
        return Promise.resolve(added);
      }),
      removeCard: vi.fn(({ id }: { id: string }) => {
        state.cards = state.cards.filter((c) => c.id !== id);
        return Promise.resolve(null);
      }),
      updatePrimary: vi.fn(({ id }: { id: string }) => {
        state.cards = state.cards.map((c) => ({ ...c, isPrimary: c.id === id }));
        return Promise.resolve(null);
      }),
      userSelfTransfer: vi.fn((request: RequestOf<"trade.userSelfTransfer">) => {
        state.wallet = state.wallet.map((entry) =>
          entry.type === request.fromType
            ? { ...entry, wallet: entry.wallet - request.amount }
            : entry.type === request.toType
              ? { ...entry, wallet: entry.wallet + request.amount }
              : entry,
        );
        return Promise.resolve(state.wallet);
      }),
      eepayBalance: vi.fn((): Promise<ResponseOf<"trade.eepayBalance">> =>
        Promise.resolve({ balance: 12_345, bound: true, account: "EE7788" }),
      ),
      eepayEnterUrl: vi.fn(() => Promise.resolve({ url: "https://eepay.example/wallet" })),
      statement: vi.fn((request: RequestOf<"trade.statement">) =>
        Promise.resolve(pageOf(request, statement.length, (n) => itemAt(statement, n - 1))),
      ),
    },
  };
  return { api, state };
}
