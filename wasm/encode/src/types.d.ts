/** A payee of `batch_erc20` and `batch_eth`. */
export interface BatchPayee { to: string; amount: string; reference: string; feeAmount: string }

/** A conversion request of the `batch_nc_*` and `batch_conv_payments` kinds. */
export interface ConversionRequest {
  recipient: string;
  requestAmount: string;
  /** The conversion path: addresses. */
  path: string[];
  paymentReference: string;
  feeAmount: string;
  maxToSpend: string;
  maxRateTimespan: string;
}

/** The requests of one payment network, in `batch_conv_payments`. */
export interface MetaDetail { paymentNetworkId: string; requests: ConversionRequest[] }

/** A call description (the CLI's JSON call format, `securepay encode --help`), by `kind`.
 * Amounts are integer strings in smallest units (decimal or `0x` hex), bytes `0x` hex,
 * addresses EVM hex (Base58 with `network: "tron"`). Every kind takes `network`; with it the
 * answer adds `to` and `value`. A fee left out is no fee. One kind a line (a unit test holds
 * these lines to the CLI's table). */
export type CallDescription =
  | { kind: "erc20_fee"; network?: Network; token: string; to: string; amount: string; reference: string; feeAmount?: string; feeAddress?: string }
  | { kind: "eth_fee"; network?: Network; to: string; reference: string; feeAmount?: string; feeAddress?: string; amount?: string }
  | { kind: "eth_fee_exact"; network?: Network; to: string; amount: string; reference: string; feeAmount?: string; feeAddress?: string }
  | { kind: "erc20_approve"; network?: Network; spender: string; amount: string; token?: string }
  | { kind: "erc20_transfer"; network?: Network; to: string; amount: string; token?: string }
  | { kind: "erc20_conversion"; network?: Network; to: string; requestAmount: string; path: string[]; reference: string; maxToSpend: string; maxRateTimespan: string; feeAmount?: string; feeAddress?: string }
  | { kind: "eth_conversion"; network?: Network; to: string; requestAmount: string; path: string[]; reference: string; maxRateTimespan: string; feeAmount?: string; feeAddress?: string; maxToSpend?: string }
  | { kind: "batch_erc20"; network?: Network; token: string; payees: BatchPayee[]; feeAddress: string }
  | { kind: "batch_erc20_multi"; network?: Network; payees: (BatchPayee & { token: string })[]; feeAddress: string }
  | { kind: "batch_eth"; network?: Network; payees: BatchPayee[]; feeAddress: string; batchFee?: string }
  | { kind: "batch_nc_erc20"; network?: Network; requests: ConversionRequest[]; pathsToUSD: string[][]; feeAddress: string }
  | { kind: "batch_nc_multi_erc20"; network?: Network; requests: ConversionRequest[]; pathsToUSD: string[][]; feeAddress: string }
  | { kind: "batch_nc_native"; network?: Network; requests: ConversionRequest[]; skipFeeUSDLimit: boolean; feeAddress: string; batchFee?: string }
  | { kind: "batch_conv_payments"; network?: Network; metaDetails: MetaDetail[]; pathsToUSD: string[][]; feeAddress: string; batchFee?: string }
  | { kind: "payment_reference"; network?: Network; requestId: string; salt: string; address: string }
  | { kind: "tron_address"; network?: Network; address: string }
  | { kind: "eip55"; network?: Network; address: string };

/** The kinds of call description. */
export type CallKind = CallDescription["kind"];

/** The kinds whose answer is a text (`{result}`), not a call. */
export type TextKind = "payment_reference" | "tron_address" | "eip55";

/** An encoded call: its calldata, and with a `network`, the address to call and the native
 * value to send. */
export interface EncodedTransaction { data: string; to?: string; value?: string }

/** The text of `payment_reference`, `tron_address` and `eip55`. */
export interface EncodedText { result: string }

/** What `encode` answers: an `EncodedTransaction`, or an `EncodedText` for the `TextKind`s.
 * `encode` of a description whose `kind` is known narrows it (the package's entry points
 * declare the overloads). */
export type EncodedCall = EncodedTransaction | EncodedText;

/** An ERC-7828 name / ERC-7930 address, read and checked (as `securepay interop` answers). */
export interface InteropNameInfo {
  name: string;
  binary: string;
  chainType: "eip155";
  chainId: number | null;
  network: Network | null;
  address: string | null;
  checksum: string | null;
  /** `not-verifiable`: a Tron (Base58) name's checksum, whose encoding the service does not
   * publish. */
  checksumStatus: "verified" | "absent" | "not-verifiable";
}

/** The eight networks, by the service's id. */
export type Network = "mainnet" | "arbitrum-one" | "optimism" | "base" | "matic" | "bsc" | "tron" | "sepolia";

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
