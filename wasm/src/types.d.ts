// Naming: field names are camelCase (as in the service's JSON); enumerated values (`kind`,
// `code`, `severity`, `bearer`) are snake_case.

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

/** What the payer agreed to (see the crate's `Expectation`): human amounts, every cap. Networks
 * are the service's ids (`"base"`), currencies the catalog's (`"USDC-base"`). */
export interface Expectation {
  network: Network;
  currency: string;
  payments: { payee: string; amount: string; reference?: string }[];
  payer?: string;
  smartAccount?: string;
  maxPayerFees?: string;
  maxPayeeFees?: string;
  batchFeeRate?: number;
  hidePayeeAddress?: boolean;
  sourceNetwork?: Network;
  sourceCurrency?: string;
  maxSourceAmount?: string;
  maxTronFeeLimit?: string;
}

/** The closed list of finding codes. */
export type FindingCode =
  | "response_unreadable"
  | "structure_index_out_of_range"
  | "structure_overlapping_indices"
  | "structure_fee_leg_count"
  | "structure_fee_leg_order"
  | "structure_fee_entry_network"
  | "structure_fee_entry_chain_id"
  | "structure_child_count"
  | "structure_child_position"
  | "structure_parallel_array"
  | "structure_destination_call_on_same_chain"
  | "structure_missing_destination_call"
  | "structure_destination_calls_mirror"
  | "structure_chain_id_network"
  | "structure_missing_executable_leg_count"
  | "structure_amount_summary"
  | "structure_no_payment_transaction"
  | "address_family"
  | "unknown_target"
  | "unknown_selector"
  | "selector_not_on_target"
  | "non_canonical_calldata"
  | "plain_transfer"
  | "value_on_non_payable"
  | "value_mismatch"
  | "value_stranded"
  | "value_refunded"
  | "value_at_risk"
  | "unverifiable_call"
  | "call_reverts"
  | "mirror_mismatch"
  | "not_an_approval"
  | "payment_missing"
  | "payment_duplicated"
  | "payment_amount"
  | "payment_payee"
  | "payment_reference"
  | "payment_token"
  | "undeclared_outflow"
  | "payer_fees_above_max"
  | "payee_fees_above_max"
  | "fee_not_paid"
  | "fee_undeclared"
  | "fee_bearer_mismatch"
  | "fee_currency"
  | "fee_network"
  | "fee_amount_unreadable"
  | "amount_summary_mismatch"
  | "label_mismatch"
  | "batch_fee"
  | "batch_fee_rate_unknown"
  | "batch_fee_address_zero"
  | "token_behaviour"
  | "approval_token"
  | "approval_spender"
  | "approval_zero_address"
  | "approval_unlimited"
  | "approval_remainder"
  | "approval_above_need"
  | "approval_below_need"
  | "eoa_approval_not_approve"
  | "eoa_approval_spender"
  | "eoa_approval_token"
  | "smart_account_funding"
  | "smart_account_own_balance"
  | "network_mismatch"
  | "chain_id_mismatch"
  | "child_mismatch"
  | "cross_chain_not_agreed"
  | "payer_missing"
  | "source_network_mismatch"
  | "bridge_not_allowed"
  | "bridge_call_invalid"
  | "bridge_token"
  | "bridge_destination"
  | "bridge_receiver"
  | "bridge_refund_address"
  | "bridge_output_token"
  | "bridge_output_amount"
  | "bridge_message"
  | "destination_call_target"
  | "destination_call_mismatch"
  | "destination_receiver"
  | "source_swaps"
  | "source_amount_above_max"
  | "tron_transaction_unreadable"
  | "tron_network"
  | "tron_raw_data_mismatch"
  | "tron_tx_id_mismatch"
  | "tron_contract_count"
  | "tron_contract_type"
  | "tron_call_not_in_response"
  | "tron_call_value"
  | "tron_owner"
  | "tron_fee_limit_above_max"
  | "tron_signature";

/**
 * An asset: its network, token (absent for the native currency), catalog id, symbol, decimals.
 * `token` is `"hidden"` where the response named an agreed payee's address as a token and the
 * merchant hides the payee (`hidePayeeAddress`).
 */
export interface AssetRef {
  network: Network;
  token: string | null;
  currency: string | null;
  symbol: string | null;
  decimals: number | null;
}

/** An amount in smallest units (a decimal string) of an asset. */
export interface Quantity {
  units: string;
  asset: AssetRef;
}

/** Who receives or is called. */
export type Party =
  | { kind: "hidden" }
  | { kind: "payee"; address: string }
  | { kind: "contract"; address: string; contract: ContractName }
  | { kind: "smart_account"; address: string }
  | { kind: "other"; address: string };

/** Where in the response a finding is. */
export interface Location {
  list:
    | "transactions"
    | "eoaApprovalTransactions"
    | "ERC20ApprovalTransactions"
    | "batchPaymentTransaction"
    | "ERC20BatchPaymentTransaction"
    | "ETHBatchPaymentTransaction"
    | "children"
    | "destinationCalls"
    | "feeBundle.fees";
  index: number | null;
}

/** A structural problem of the response (`details.problem` of a `structure_*` finding): its
 * `code` and where it is. */
export type Problem =
  | { code: "index_out_of_range"; field: string; index: number; len: number }
  | { code: "overlapping_indices"; first: string; second: string; index: number }
  | { code: "fee_leg_count"; transactions: number; entries: number }
  | { code: "fee_leg_order" }
  | { code: "fee_entry_network"; entry: number; found: string; expected: string }
  | { code: "fee_entry_chain_id"; entry: number; network: Network; chainId: number }
  | { code: "child_count"; childCount: number | null; children: number }
  | { code: "child_position"; index: number; position: number }
  | { code: "parallel_array"; field: string; index: number }
  | { code: "destination_call_on_same_chain"; child: number | null }
  | { code: "missing_destination_call"; child: number }
  | { code: "destination_calls_mirror"; index: number }
  | { code: "chain_id_network"; network: Network; chainId: number }
  | { code: "missing_executable_leg_count" }
  | { code: "amount_summary"; rule: string }
  | { code: "no_payment_transaction" };

/** The structured data of a finding, to render it in any language. */
export interface Details {
  network?: Network;
  expected?: Quantity;
  actual?: Quantity;
  party?: Party;
  expectedParty?: Party;
  asset?: AssetRef;
  reference?: string;
  expectedReference?: string;
  field?: string;
  reason?: string;
  problem?: Problem;
  /** For `token_behaviour`: the behaviour (`fee_on_transfer`, …). */
  behaviour?: TokenBehaviour;
  /** What the response states where it disagrees (a `metadata.network`, a requestId, an index, a chain id). */
  stated?: string;
  /** The party whose tokens a `transferFrom` moves (a smart account's funding step). */
  from?: Party;
  /** Which situation of its code the finding is, where one code covers several. */
  case?: FindingCase;
  /** On the last finding of a code whose findings were too many to list: how many more. */
  unlisted?: number;
}

/** Which situation of its code a finding is (`details.case`). */
export type FindingCase =
  | "bridge_among_approvals"
  | "transfer_among_approvals"
  | "approval_among_payments"
  | "cross_chain_route"
  | "cross_chain_multicall"
  | "no_approval"
  | "pull_before_approval"
  | "wallet_approval"
  | "wallet_no_approval"
  | "zero_batch_fee"
  | "burned"
  | "kept_by_contract"
  | "destination_approval"
  | "not_on_fee_proxy"
  | "not_in_bridge_message"
  | "undeclared_by_child"
  | "other_token"
  | "destination_calls_pull"
  | "from_amount"
  | "lifi_contract"
  | "receiving_asset";

/** What the verifier saw. */
export interface Finding {
  severity: "danger" | "caution";
  code: FindingCode;
  transaction: Location | null;
  details: Details;
  message: string;
}

/** One line of the summary: its data, and `text`, the English rendering. */
export type SummaryLine = { text: string } & (
  | { kind: "approve"; network: Network; asset: AssetRef; amount: Quantity | null; spender: Party; crossChain: boolean }
  | { kind: "pay"; network: Network; payee: Party; amount: Quantity; reference: string | null; bridgedFrom: Network | null }
  | { kind: "fee"; network: Network; recipient: Party; amount: Quantity; label: string | null; bearer: "payer" | "payee" | null }
  | { kind: "batch_fee"; network: Network; recipient: Party; amount: Quantity }
  | { kind: "refund"; network: Network; amount: Quantity; contract: Party }
  | { kind: "at_risk"; network: Network; amount: Quantity; contract: Party }
  | { kind: "bridge"; source: Network; destination: Network; sent: Quantity; delivered: Quantity }
  | { kind: "tron_transaction"; txId: string; contract: Party | null; feeLimit: Quantity; expiration: number; timestamp: number; refBlock: string }
  | { kind: "not_shown"; unreadable: number; first: Location | null }
  | { kind: "total"; amount: Quantity; atMost: boolean; crossChain: boolean }
);

/** A token behaviour (d-xo/weird-erc20's catalogue). */
export type TokenBehaviour =
  | "fee_on_transfer"
  | "revert_on_transfer_to_zero_address"
  | "missing_return_values"
  | "returns_false"
  | "approval_race_protection"
  | "transfer_from_self_without_allowance"
  | "blocklist"
  | "pause"
  | "upgradeable"
  | "revert_on_zero_value_transfer";

/** What the verdict relies on that no transaction shows: a token held not to have `behaviour`, with the fact's public source. */
export interface Assumption {
  network: Network;
  asset: AssetRef;
  behaviour: TokenBehaviour;
  source: string;
  /** Whether the token's issuer can change it (the token is upgradeable, or nothing proves it is not). */
  changeable: boolean;
  message: string;
}

/** The verdict: safe when no finding is a danger. The same JSON as `securepay verify`'s. */
export interface Verdict {
  safe: boolean;
  findings: Finding[];
  assumptions: Assumption[];
  summary: SummaryLine[];
}

/** A strictly decoded call. */
export interface DecodedCall {
  network: Network;
  to: string;
  /** The contract's name, or the token standard called (`ERC20`, `TRC20` on Tron). */
  contract: ContractName | "ERC20" | "TRC20";
  /** For a token call: the catalog currencies at that address. */
  currencies?: string[];
  value: string;
  function: string;
  args: Record<string, unknown>;
}

// The call description of `securepay-wasm/encode`, repeated so that `decode`'s answer can
// name it (a test of the crate holds this block to the encode module's, line for line).
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

/** `decode`'s answer: the decoded call, with `args` named as in the contract's ABI, and
 * `call`, the `CallDescription` that `encode` (`securepay-wasm/encode`) makes this same call
 * of (the same data, to the same address, with the same value; its `network` included), named
 * as `encode` names it: `encode(decode(network, to, data, value).call)`. `call` is `null` for
 * the calls no kind of the format makes: `transferFrom`, the ERC20Proxy and EthereumProxy,
 * BatchConversionPayments' `batchMultiERC20ConversionPayments` and
 * `batchNativeConversionPayments`, the LI.FI diamond. */
export type DecodeAnswer =
  | (DecodedCall & { call: CallDescription | null })
  | (DecodedBridgeCall & { call: null });

/** A part of a decoded call that does not decode: the reason. */
export interface Undecoded {
  error: string;
}

/** LI.FI's `ILiFi.BridgeData`, named as in the ABI (addresses with their checksum). */
export interface BridgeData {
  transactionId: string;
  bridge: string;
  integrator: string;
  referrer: string;
  sendingAssetId: string;
  receiver: string;
  minAmount: string;
  destinationChainId: string;
  hasSourceSwaps: boolean;
  hasDestinationCall: boolean;
}

/** LI.FI's `LibSwap.SwapData`: a source swap, or a call of a destination message. */
export interface SwapData {
  callTo: string;
  approveTo: string;
  sendingAssetId: string;
  receivingAssetId: string;
  fromAmount: string;
  /** `0x` hex. */
  callData: string;
  requiresDeposit: boolean;
}

/** AcrossFacetV4's `AcrossV4Data` (its address words as EVM addresses). */
export interface AcrossV4Data {
  receiverAddress: string;
  refundAddress: string;
  sendingAssetId: string;
  receivingAssetId: string;
  outputAmount: string;
  outputAmountMultiplier: string;
  exclusiveRelayer: string;
  quoteTimestamp: number;
  fillDeadline: number;
  exclusivityParameter: number;
  /** The destination message, `0x` hex (`0x` without a destination call). */
  message: string;
}

/** A call of a destination message: its `SwapData` and the call it makes on the destination
 * network (`null` when that network is not one of the service's). */
export interface DestinationCall extends SwapData {
  call: DecodedCall | Undecoded | null;
}

/** The Across V4 destination message. */
export interface DestinationMessage {
  transactionId: string;
  swapData: DestinationCall[];
  /** Gets leftovers, or everything the bridge delivers if the calls revert. */
  receiver: string;
}

/** A call to the LI.FI diamond: one of the two AcrossFacetV4 entry points and, with a message,
 * its destination (the network of `destinationChainId`, and the message). */
export interface DecodedBridgeCall extends DecodedCall {
  contract: "LiFiDiamond";
  function: "startBridgeTokensViaAcrossV4" | "swapAndStartBridgeTokensViaAcrossV4";
  /** `_swapData` (the source swaps) for `swapAndStartBridgeTokensViaAcrossV4` only. */
  args: { _bridgeData: BridgeData; _swapData?: SwapData[]; _acrossData: AcrossV4Data };
  destination: { network: Network | Undecoded; message: DestinationMessage | Undecoded } | null;
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
