// Type-level checks of the package's .d.ts: compiled with `tsc --noEmit` (wasm/tests/types.test.mjs).
import { encode, interopName } from '../pkg/encode.node.cjs';
import type { EncodedCall, CallDescription, CallKind, InteropNameInfo } from '../pkg/encode.node.cjs';
import { verify, decode, paymentReference, parseAmount, formatAmount, verifyWebhookSignature, init, initSync } from '../pkg/index.node.cjs';
import type { Verdict, Finding, FindingCode, SummaryLine, Expectation, DecodedCall, DecodedBridgeCall, DestinationCall, Network, Problem } from '../pkg/index.node.cjs';
import { detect, init as initDetect, initSync as initDetectSync } from '../pkg/detect.node.cjs';
import type { Settlement, DetectCriteria, PaymentEvent, IgnoredCode, IgnoredLog, SettlementFee, ContractName } from '../pkg/detect.node.cjs';

const expectation: Expectation = { network: 'base', currency: 'USDC-base', payments: [{ payee: '0x…', amount: '1' }] };
const verdict: Verdict = verify(expectation, '{}');
const safe: boolean = verdict.safe;
const first: Finding | undefined = verdict.findings[0];
const code: FindingCode | undefined = first?.code;
const total: string[] = verdict.summary.map((line: SummaryLine) => {
  switch (line.kind) {
    case 'pay': return `${line.amount.units} to ${line.payee.kind}`;
    case 'tron_transaction': return line.feeLimit.units;
    case 'total': return `${line.atMost} ${line.crossChain} ${line.amount.units}`;
    case 'approve': return String(line.crossChain);
    default: return line.text;
  }
});
// Field names are camelCase: the snake_case ones of 0.2 are gone.
// @ts-expect-error: `at_most` is `atMost`
const atMost = verdict.summary.map((line) => line.kind === 'total' && line.at_most);
const bridgedFrom: (Network | null)[] = verdict.summary.flatMap((line) => (line.kind === 'pay' ? [line.bridgedFrom] : []));
// @ts-expect-error: a party's kind is snake_case
const smart: SummaryLine['kind'] | 'smartAccount' = verdict.summary.find((l) => l.kind === 'pay' && l.payee.kind === 'smartAccount')?.kind;
const problem: Problem | undefined = first?.details.problem;
const chainIdOfEntry: number | undefined = problem?.code === 'fee_entry_chain_id' ? problem.chainId : undefined;
const decoded: DecodedCall = decode('base', '0x00', '0x', '0');
// A call to the LI.FI diamond is a DecodedCall too, told apart by its `destination`.
const any = decode('optimism', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x');
const paid: string[] = 'destination' in any && any.destination !== null && !('error' in any.destination.message)
  ? any.destination.message.swapData.map((swap: DestinationCall) => (swap.call !== null && !('error' in swap.call) ? swap.call.function : swap.callTo))
  : [];
const bridged: string | undefined = 'destination' in any ? any.args._bridgeData.destinationChainId : undefined;
// @ts-expect-error: only the two AcrossFacetV4 entry points decode
const stargate: DecodedBridgeCall['function'] = 'startBridgeTokensViaStargate';
const encoded: EncodedCall = encode({ kind: 'erc20_approve', spender: '0x00', amount: '0' });
const fee: CallDescription = { kind: 'erc20_fee', network: 'base', token: '0x00', to: '0x00', amount: '1', reference: '0x00' };
const kind: CallKind = fee.kind;
// @ts-expect-error: erc20_fee needs a token, a recipient, an amount and a reference
encode({ kind: 'erc20_fee', amount: '1' });
// @ts-expect-error: a field of another kind
encode({ kind: 'eip55', address: '0x00', spender: '0x00' });
// @ts-expect-error: a kind outside the union
encode({ kind: 'erc721_transfer', to: '0x00' });
const text: EncodedCall = encode(JSON.stringify(fee));
const ready: Promise<void> = init();
initSync();
const reference: string = paymentReference('a', 'b', 'c');
const interop: InteropNameInfo = interopName('0x…@eip155:1');
const chainId: number | null = interop.chainId;
const status: 'verified' | 'absent' | 'not-verifiable' = interop.checksumStatus;
// @ts-expect-error: checksumStatus is a closed union
const unknownStatus: InteropNameInfo['checksumStatus'] = 'unknown';
const units: string = parseAmount('1', 6);
const human: string = formatAmount(units, 6);
const valid: boolean = verifyWebhookSignature('secret', new Uint8Array(), 'ab');
// @ts-expect-error: amounts are strings, never numbers
parseAmount(1, 6);
// @ts-expect-error: a code outside the closed list
const wrong: FindingCode = 'payment_amount_typo';
// securepay-wasm/detect: criteria as an object or JSON text, chain data as text, bytes or parsed.
const criteria: DetectCriteria = { network: 'base', reference: '0x…', payee: '0x…', currency: 'USDC-base', headBlock: 1 };
const settlement: Settlement = detect(criteria, new Uint8Array());
const fromText: Settlement = detect(JSON.stringify(criteria), '[]');
const fromParsed: Settlement = detect(criteria, [{ address: '0x…' }]);
const balance: string = settlement.balance;
const firstPayment: PaymentEvent | undefined = settlement.payments[0];
const emitter: ContractName | undefined = firstPayment?.contract;
const network: Network = settlement.network; // the main entry point's union, structurally
const reasons: IgnoredCode[] = settlement.ignored.map((entry: IgnoredLog) => entry.code);
const counted: SettlementFee[] = settlement.fees.filter((fee) => fee.counted);
const unchecked: ('payee' | 'currency' | 'fee_address' | 'refund_address')[] = settlement.unchecked;
const detectReady: Promise<void> = initDetect();
initDetectSync();
// @ts-expect-error: an unknown criterion
const misspelt: DetectCriteria = { network: 'base', reference: '0x…', fee_address: '0x…' };
// @ts-expect-error: a network outside the union
const solana: DetectCriteria = { network: 'solana', reference: '0x…' };
// @ts-expect-error: a code outside the closed list
const unknownReason: IgnoredCode = 'too_old';
// @ts-expect-error: the balance is a decimal string
const asNumber: number = settlement.balance;
export { fromText, fromParsed, balance, emitter, network, reasons, counted, unchecked, detectReady, misspelt, solana, unknownReason, asNumber };
export { safe, code, total, atMost, bridgedFrom, smart, chainIdOfEntry, decoded, paid, bridged, stargate, encoded, kind, text, ready, reference, chainId, status, unknownStatus, human, valid, wrong };
