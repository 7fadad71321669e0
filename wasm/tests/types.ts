// Type-level checks of the package's .d.ts: compiled with `tsc --noEmit` (wasm/tests/types.test.mjs).
import { verify, decode, encode, interopName, paymentReference, parseAmount, formatAmount, verifyWebhookSignature } from '../pkg/node/securepay_wasm';
import type { Verdict, Finding, FindingCode, SummaryLine, Expectation, DecodedCall, EncodedCall, InteropNameInfo } from '../pkg/node/securepay_wasm';

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
export { safe, code, total, decoded, encoded, reference, chainId, human, valid, wrong };
