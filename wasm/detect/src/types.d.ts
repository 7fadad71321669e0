// Naming: field names are camelCase; enumerated values (`code`, `role`, `unchecked`) are
// snake_case. `Network` and `ContractName` are the main entry point's unions, repeated so that
// this module's declarations stand alone (a test of the crate checks both against the library).

/** The eight networks, by the service's id. */
export type Network = "mainnet" | "arbitrum-one" | "optimism" | "base" | "matic" | "bsc" | "tron" | "sepolia";

/** The contracts the library knows, by artifact name. */
export type ContractName =
  | "ERC20FeeProxy"
  | "EthereumFeeProxy"
  | "BatchConversionPayments"
  | "BatchPayments"
  | "ERC20BatchPayments"
  | "Erc20ConversionProxy"
  | "EthConversionProxy"
  | "ChainlinkConversionPath"
  | "ERC20Proxy"
  | "EthereumProxy"
  | "SingleRequestProxyFactory"
  | "LiFiDiamond";

/** What `detect` looks for: `securepay detect`'s flags by their camelCase names. Each tie that
 * is given is checked on every event; each that is not is listed in `Settlement.unchecked`.
 * An unknown field is refused. */
export interface DetectCriteria {
  network: Network;
  /** The payment reference: `0x` and 16 hex digits. */
  reference: string;
  /** The refund reference: its events are refunds. */
  refundReference?: string;
  /** Counts only payments to this address. */
  payee?: string;
  /** Counts only refunds to this address. */
  refundAddress?: string;
  /** The request's currency, a catalog id (`USDC-base`, `ETH-base-base`, `EUR`…): amounts
   * are in it. */
  currency?: string;
  /** The request's fee address: only its fees count in `feeBalance`. */
  feeAddress?: string;
  /** The chain's head block: each payment gets its `confirmations`. */
  headBlock?: number;
}

/** Why a log does not count. */
export type IgnoredCode =
  | "removed"
  | "pending"
  | "unconfirmed"
  | "failed_transaction"
  | "unknown_emitter"
  | "ambiguous_emitter"
  | "not_a_payment_event"
  | "malformed"
  | "before_deployment"
  | "duplicate"
  | "other_reference"
  | "other_currency"
  | "unknown_currency"
  | "other_token"
  | "other_payee"
  | "max_rate_timespan"
  | "unpaired"
  | "overflow";

/** A payment or refund that counts. `amount` (fee excluded) and `fee` are in the settlement's
 * currency, in its smallest units: a conversion's request-currency amounts. */
export interface PaymentEvent {
  network: Network;
  transactionHash: string;
  /** The log's index (on Tron, TronGrid's `event_index`). */
  logIndex: number;
  blockNumber: number;
  /** Blocks since, counting the event's own (when `headBlock` is given). */
  confirmations?: number;
  /** The contract that emitted the event. */
  contract: ContractName;
  /** The versions of that contract deployed at `emitter` on this network. */
  versions: string[];
  emitter: string;
  /** The token's address, or `"native"`. */
  token: string;
  payee: string;
  amount: string;
  fee: string;
  feeAddress: string | null;
  reference: string;
  /** For a payment through a conversion proxy: what was paid in the token or native currency. */
  conversion?: {
    /** The request currency's hash. */
    currency: string;
    amountInCrypto: string;
    feeInCrypto: string;
    maxRateTimespan: string;
    paymentLogIndex: number;
  };
  /** The batch contract the transaction called, when the payment went through one (receipts
   * only). */
  via?: ContractName;
}

/** A fee of a counted payment or refund (zero fees are not listed). */
export interface SettlementFee {
  transactionHash: string;
  logIndex: number;
  role: "payment" | "refund";
  amount: string;
  feeAddress: string | null;
  /** Paid to the criteria's `feeAddress`: counted in `feeBalance`. */
  counted: boolean;
}

/** A log (or receipt) that does not count, and why. */
export interface IgnoredLog {
  /** As much of its position as the chain data gave. */
  log: { transactionHash: string | null; logIndex: number | null; blockNumber: number | null; address: string | null };
  code: IgnoredCode;
  /** The reason in words. */
  why: string;
}

/** What a request's chain data says was paid: Request Network's detection. */
export interface Settlement {
  network: Network;
  reference: string;
  /** The currency of the amounts: the criteria's, else the first counted payment's (null when
   * neither). */
  currency: { id: string | null; kind: "token" | "native" | "fiat"; hash: string; decimals: number | null } | null;
  /** Payments minus refunds, in smallest units (may be negative; not capped at the amount
   * due). */
  balance: string;
  /** In block and log order. */
  payments: PaymentEvent[];
  refunds: PaymentEvent[];
  fees: SettlementFee[];
  /** The fees paid to the criteria's `feeAddress`, refunds' included; null without one. */
  feeBalance: string | null;
  ignored: IgnoredLog[];
  /** The ties the criteria did not give, so not checked. */
  unchecked: ("payee" | "currency" | "fee_address" | "refund_address")[];
}

/** The `code` of every Error the package throws: which input was refused (the message says
 * why, in one line, in the library's words). `not_initialized`: a function of a browser entry
 * called before its `init()`; `wrong_type`: an argument of the wrong JavaScript type;
 * `too_large`: text or bytes above what the function reads; `internal`: a bug to report. */
export type ErrorCode =
  | "not_initialized"
  | "wrong_type"
  | "too_large"
  | "invalid_expectation"
  | "invalid_tron_transaction"
  | "invalid_network"
  | "invalid_address"
  | "invalid_value"
  | "invalid_calldata"
  | "undecodable_call"
  | "invalid_reference_input"
  | "invalid_amount"
  | "invalid_decimals"
  | "invalid_secret"
  | "invalid_call"
  | "invalid_interop_name"
  | "invalid_criteria"
  | "invalid_chain_data"
  | "internal";

/** What the package throws: an `Error` with its `code`. */
export interface SecurepayError extends Error {
  code: ErrorCode;
}
