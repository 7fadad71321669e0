/** What the payer agreed to (see the crate's `Expectation`): human amounts, every cap. */
export interface Expectation {
  network: string;
  currency: string;
  payments: { payee: string; amount: string; reference?: string }[];
  payer?: string;
  smartAccount?: string;
  maxPayerFees?: string;
  maxPayeeFees?: string;
  batchFeeRate?: number;
  hidePayeeAddress?: boolean;
  sourceNetwork?: string;
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
  | "unverifiable_call"
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
  | "approval_unlimited"
  | "approval_above_need"
  | "approval_below_need"
  | "eoa_approval_not_approve"
  | "eoa_approval_spender"
  | "eoa_approval_token"
  | "smart_account_funding"
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

/** An asset: its network, token (absent for the native currency), catalog id, symbol, decimals. */
export interface AssetRef {
  network: string;
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
  | { kind: "contract"; address: string; contract: string }
  | { kind: "smartAccount"; address: string }
  | { kind: "other"; address: string };

/** Where in the response a finding is. */
export interface Location {
  list: string;
  index: number | null;
}

/** The structured data of a finding, to render it in any language. */
export interface Details {
  network?: string;
  expected?: Quantity;
  actual?: Quantity;
  party?: Party;
  expectedParty?: Party;
  asset?: AssetRef;
  reference?: string;
  expectedReference?: string;
  field?: string;
  reason?: string;
  problem?: unknown;
  /** For `token_behaviour`: the behaviour (`fee_on_transfer`, …). */
  behaviour?: string;
}

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
  | { kind: "approve"; network: string; asset: AssetRef; amount: Quantity | null; spender: Party; cross_chain: boolean }
  | { kind: "pay"; network: string; payee: Party; amount: Quantity; reference: string | null; bridged_from: string | null }
  | { kind: "fee"; network: string; recipient: Party; amount: Quantity; label: string | null; bearer: "payer" | "payee" | null }
  | { kind: "batch_fee"; network: string; recipient: Party; amount: Quantity }
  | { kind: "refund"; network: string; amount: Quantity; contract: Party }
  | { kind: "bridge"; source: string; destination: string; sent: Quantity; delivered: Quantity }
  | { kind: "tron_transaction"; txId: string; contract: Party | null; feeLimit: Quantity; expiration: number; timestamp: number; refBlock: string }
  | { kind: "total"; amount: Quantity; at_most: boolean; cross_chain: boolean }
);

/** The verdict: safe when no finding is a danger. */
export interface Verdict {
  safe: boolean;
  findings: Finding[];
  summary: SummaryLine[];
}

/** A strictly decoded call. */
export interface DecodedCall {
  network: string;
  to: string;
  /** The contract's name, or the token standard called (`ERC20`). */
  contract: string;
  /** For a token call: the catalog currencies at that address. */
  currencies?: string[];
  value: string;
  function: string;
  args: Record<string, unknown>;
}

/** A call description (the CLI's JSON call format): `kind` and its fields. */
export interface CallDescription {
  kind: string;
  network?: string;
  [field: string]: unknown;
}

/** An encoded call, or the result of a non-call kind. */
export type EncodedCall = { data: string; to?: string; value?: string } | { result: string };

/** An ERC-7828 name / ERC-7930 address, read and checked (as `securepay interop` answers). */
export interface InteropNameInfo {
  name: string;
  binary: string;
  chainType: "eip155";
  chainId: number | null;
  network: string | null;
  address: string | null;
  checksum: string | null;
  checksumStatus: string;
}
