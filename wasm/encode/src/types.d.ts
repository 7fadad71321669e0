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
  | { kind: "erc20_fee"; network?: string; token: string; to: string; amount: string; reference: string; feeAmount?: string; feeAddress?: string }
  | { kind: "eth_fee"; network?: string; to: string; reference: string; feeAmount?: string; feeAddress?: string; amount?: string }
  | { kind: "eth_fee_exact"; network?: string; to: string; amount: string; reference: string; feeAmount?: string; feeAddress?: string }
  | { kind: "erc20_approve"; network?: string; spender: string; amount: string; token?: string }
  | { kind: "erc20_transfer"; network?: string; to: string; amount: string; token?: string }
  | { kind: "erc20_conversion"; network?: string; to: string; requestAmount: string; path: string[]; reference: string; maxToSpend: string; maxRateTimespan: string; feeAmount?: string; feeAddress?: string }
  | { kind: "eth_conversion"; network?: string; to: string; requestAmount: string; path: string[]; reference: string; maxRateTimespan: string; feeAmount?: string; feeAddress?: string; maxToSpend?: string }
  | { kind: "batch_erc20"; network?: string; token: string; payees: BatchPayee[]; feeAddress: string }
  | { kind: "batch_erc20_multi"; network?: string; payees: (BatchPayee & { token: string })[]; feeAddress: string }
  | { kind: "batch_eth"; network?: string; payees: BatchPayee[]; feeAddress: string; batchFee?: string }
  | { kind: "batch_nc_erc20"; network?: string; requests: ConversionRequest[]; pathsToUSD: string[][]; feeAddress: string }
  | { kind: "batch_nc_multi_erc20"; network?: string; requests: ConversionRequest[]; pathsToUSD: string[][]; feeAddress: string }
  | { kind: "batch_nc_native"; network?: string; requests: ConversionRequest[]; skipFeeUSDLimit: boolean; feeAddress: string; batchFee?: string }
  | { kind: "batch_conv_payments"; network?: string; metaDetails: MetaDetail[]; pathsToUSD: string[][]; feeAddress: string; batchFee?: string }
  | { kind: "payment_reference"; network?: string; requestId: string; salt: string; address: string }
  | { kind: "tron_address"; network?: string; address: string }
  | { kind: "eip55"; network?: string; address: string };

/** The kinds of call description. */
export type CallKind = CallDescription["kind"];

/** An encoded call (`to` and `value` given a `network`), or the text of `payment_reference`,
 * `tron_address` and `eip55`. */
export type EncodedCall = { data: string; to?: string; value?: string } | { result: string };

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
