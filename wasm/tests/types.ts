// Type-level checks of the package's .d.ts: compiled with `tsc --noEmit` (wasm/tests/types.test.mjs).
import { verify, decode, encode, interopName, paymentReference, parseAmount, formatAmount, verifyWebhookSignature } from '../pkg/node/securepay_wasm';
import type { Verdict, Finding, FindingCode, SummaryLine, Expectation, DecodedCall, DecodedBridgeCall, DestinationCall, EncodedCall, InteropNameInfo } from '../pkg/node/securepay_wasm';

const expectation: Expectation = { network: 'base', currency: 'USDC-base', payments: [{ payee: '0x…', amount: '1' }] };
const verdict: Verdict = verify(expectation, '{}');
const safe: boolean = verdict.safe;
const first: Finding | undefined = verdict.findings[0];
const code: FindingCode | undefined = first?.code;
const total: string[] = verdict.summary.map((line: SummaryLine) => {
  switch (line.kind) {
    case 'pay': return `${line.amount.units} to ${line.payee.kind}`;
    case 'tron_transaction': return line.feeLimit.units;
    case 'total': return line.amount.units;
    default: return line.text;
  }
});
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
const reference: string = paymentReference('a', 'b', 'c');
const interop: InteropNameInfo = interopName('0x…@eip155:1');
const chainId: number | null = interop.chainId;
const units: string = parseAmount('1', 6);
const human: string = formatAmount(units, 6);
const valid: boolean = verifyWebhookSignature('secret', new Uint8Array(), 'ab');
// @ts-expect-error: amounts are strings, never numbers
parseAmount(1, 6);
// @ts-expect-error: a code outside the closed list
const wrong: FindingCode = 'payment_amount_typo';
export { safe, code, total, decoded, paid, bridged, stargate, encoded, reference, chainId, human, valid, wrong };
