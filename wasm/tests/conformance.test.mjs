// What the package answers is what its .d.ts declares: answers of every export (verdicts of the
// pay fixtures against several expectations, and of tampered responses; decoded calls of every
// fixture transaction and LI.FI example, the LI.FI diamond's as `DecodedBridgeCall`; encoded
// calls, and the call descriptions of the vectors that encode; interop names) are written into
// a TypeScript file as literals typed with the declared types, and `tsc --noEmit --strict` checks
// them: a field the types do not declare, a missing one, a `kind` or `code` outside the unions,
// or a value of another type fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const data = (relative) => path.join(here, '../../tests/data', relative);
const pkg = path.join(here, '../pkg/index.node.cjs');
const sp = createRequire(import.meta.url)(pkg);
const encodePkg = path.join(here, '../pkg/encode.node.cjs');
const { encode, interopName } = createRequire(import.meta.url)(encodePkg);

const PAYEE = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const base = {
  network: 'base', currency: 'USDC-base', maxPayerFees: '0.30', maxPayeeFees: '1.25',
  payments: [{ payee: PAYEE, amount: '827.50', reference: '0xe23a6b02059c2b30' }],
};
const expectations = [
  base,
  { ...base, hidePayeeAddress: true },
  { ...base, maxPayerFees: undefined, maxPayeeFees: undefined },
  { ...base, smartAccount: '0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814' },
  { ...base, sourceNetwork: 'arbitrum-one', sourceCurrency: 'USDC-arbitrum-one', maxSourceAmount: '900' },
  // The Optimism-to-Base fixture read on its own source chain (read on another, its calls are
  // of no contract there: not shown).
  { ...base, sourceNetwork: 'optimism', sourceCurrency: 'USDT-optimism', maxSourceAmount: '900' },
  { network: 'mainnet', currency: 'ETH-mainnet', payments: [{ payee: PAYEE, amount: '0.5' }] },
  { network: 'tron', currency: 'USDT-tron', payments: [{ payee: 'TGPhvPbswd6cQrwTQY898vd3EYPvNvq35c', amount: '10' }] },
];

/** Answers, one per distinct shape (the keys and kinds they use), so the file stays small. */
function distinct(values) {
  const seen = new Set();
  const shape = (v) => JSON.stringify(v, (key, value) => (typeof value === 'string' && !['kind', 'code', 'severity'].includes(key) ? '' : value));
  return values.filter((v) => !seen.has(shape(v)) && seen.add(shape(v)));
}

function verdicts() {
  const out = [];
  const responses = readdirSync(data('pay')).map((f) => readFileSync(data(`pay/${f}`), 'utf8'));
  responses.push(...readdirSync(data('verify_model')).map((f) => readFileSync(data(`verify_model/${f}`), 'utf8')));
  for (const response of responses) {
    for (const expectation of expectations) out.push(sp.verify(expectation, response));
  }
  // Tampered responses: every hex digit of each transaction's calldata of the fee fixture
  // changed in turn, and a few structural changes.
  const fees = JSON.parse(readFileSync(data('pay/single_erc20_fees.json'), 'utf8'));
  fees.transactions.forEach((tx, t) => {
    for (let i = 2; i < tx.data.length; i += 7) {
      const copy = structuredClone(fees);
      copy.transactions[t].data = tx.data.slice(0, i) + (tx.data[i] === 'f' ? '1' : 'f') + tx.data.slice(i + 1);
      out.push(sp.verify(base, JSON.stringify(copy)));
    }
  });
  for (const change of [
    (b) => { b.transactions.reverse(); },
    (b) => { b.transactions.pop(); },
    (b) => { b.feeBundle.fees[0].amount = '9'; },
    (b) => { b.feeBundle.fees[1].feeBearer = 'payer'; },
    (b) => { b.metadata.paymentTransactionIndex = 9; },
    (b) => { b.transactions[1].value = '1'; },
    (b) => { b.transactions[0].to = '0x0000000000000000000000000000000000000001'; },
    (b) => { b.feeBundle.amountSummary.payerTotal = '1'; },
    (b) => { b.feeBundle.fees[0].chainId = '10'; }, // a problem with a `chainId`
  ]) {
    const copy = structuredClone(fees);
    change(copy);
    out.push(sp.verify(base, JSON.stringify(copy)));
  }
  // The Tron transaction about to be signed.
  const vector = JSON.parse(readFileSync(data('vectors/tron-transactions.jsonl'), 'utf8').split('\n')[1]);
  const tron = JSON.stringify({
    paymentType: 'single', feeBundle: null,
    metadata: { stepsRequired: 1, needsApproval: false, paymentTransactionIndex: 0 },
    transactions: [{ to: vector.call.to, data: vector.call.data, value: '0' }],
  });
  const agreed = {
    network: 'tron', currency: 'USDC-tron', payer: vector.owner, maxTronFeeLimit: '100',
    payments: [{ payee: 'TGPhvPbswd6cQrwTQY898vd3EYPvNvq35c', amount: '1225.61574', reference: '0xae1ed2554fb11cd8' }],
  };
  out.push(sp.verify(agreed, tron, vector.transaction));
  out.push(sp.verify(agreed, tron, { ...vector.transaction, txID: '00'.repeat(32) }));
  return out;
}

function decodedCalls() {
  const out = [];
  const networks = ['mainnet', 'base', 'arbitrum-one', 'optimism', 'matic', 'bsc', 'sepolia', 'tron'];
  const calls = [];
  for (const f of readdirSync(data('pay'))) {
    const body = JSON.parse(readFileSync(data(`pay/${f}`), 'utf8'));
    for (const value of Object.values(body)) {
      for (const tx of Array.isArray(value) ? value : [value]) {
        if (tx && typeof tx.to === 'string' && typeof tx.data === 'string') calls.push(tx);
      }
    }
  }
  for (const line of readFileSync(data('vectors/lifi-calldata-examples.jsonl'), 'utf8').trim().split('\n')) {
    calls.push(JSON.parse(line));
  }
  // Parts of a bridge call that do not decode: the committed cross-chain call sent to LI.FI's
  // Solana id (no destination network, calls not decoded), and paying through another contract
  // than the ERC20FeeProxy (a call that does not decode).
  const bridge = JSON.parse(readFileSync(data('pay/single_crosschain_optimism_to_base.json'), 'utf8')).transactions[1];
  const chainWord = 2 + 8 + 64 * (2 + 7);
  calls.push({ ...bridge, data: bridge.data.slice(0, chainWord) + (1151111081099710).toString(16).padStart(64, '0') + bridge.data.slice(chainWord + 64) });
  calls.push({ ...bridge, data: bridge.data.replaceAll('1892196e80c4c17ea5100da765ab48c1fe2fb814', '000000000000000000000000000000000000dead') });
  for (const call of calls) {
    for (const network of networks) {
      try { out.push(sp.decode(network, call.to, call.data)); } catch { /* not on this network */ }
    }
  }
  return out;
}

test('every answer has the shape the TypeScript declarations give it', () => {
  const decoded = decodedCalls();
  const encodable = readFileSync(data('vectors/abi-calls.jsonl'), 'utf8').trim().split('\n')
    .map((line) => JSON.parse(line)).filter((v) => 'expected' in v).map((v) => v.input);
  const plain = distinct(decoded.filter((c) => c.contract !== 'LiFiDiamond'));
  const bridges = distinct(decoded.filter((c) => c.contract === 'LiFiDiamond'));
  const answers = {
    Verdict: distinct(verdicts()),
    // decode's answers, their `call` (a CallDescription, or null) included.
    DecodeAnswer: [...plain, ...bridges],
    EncodedCall: encodable.map((input) => encode(input)),
    // The inputs too: each valid vector's call description is a `CallDescription`.
    CallDescription: encodable,
    InteropNameInfo: (() => {
      const vectors = JSON.parse(readFileSync(data('vectors/interop-addresses.json'), 'utf8'));
      return [...vectors.valid, ...vectors.computedForServiceDocAddresses]
        .filter((v) => v.chainType !== 'solana').map((v) => interopName(v.name));
    })(),
  };
  // The corpus reaches every summary kind but the refund and batch fee lines, and 41 codes.
  const kinds = new Set(answers.Verdict.flatMap((v) => v.summary.map((l) => l.kind)));
  for (const kind of ['approve', 'pay', 'fee', 'bridge', 'total', 'tron_transaction']) assert.ok(kinds.has(kind), kind);
  const problems = answers.Verdict.flatMap((v) => v.findings.map((f) => f.details.problem).filter(Boolean));
  assert.ok(problems.some((p) => p.code === 'fee_entry_chain_id' && p.chainId === 10), JSON.stringify(problems));
  const codes = new Set(answers.Verdict.flatMap((v) => v.findings.map((f) => f.code)));
  assert.ok(codes.size >= 35, [...codes].join(' ')); // 41 when written
  assert.ok(plain.length >= 5 && answers.EncodedCall.length >= 40 && answers.InteropNameInfo.length >= 3);
  // The LI.FI diamond's calls: without and with source swaps, and with a destination message
  // paying through the ERC20FeeProxy.
  assert.ok(plain.filter((c) => c.call !== null).length >= 5, 'calls with their description');
  assert.ok(bridges.every((c) => c.call === null));
  assert.ok(bridges.some((c) => c.args._swapData) && bridges.some((c) => c.destination === null), 'source swaps, no message');
  assert.ok(bridges.some((c) => c.destination?.message?.swapData?.[0]?.call?.contract === 'ERC20FeeProxy'), 'a destination payment');
  assert.ok(bridges.some((c) => c.destination?.network?.error && c.destination.message.swapData[0].call === null), 'an unknown destination');
  assert.ok(bridges.some((c) => c.destination?.message?.swapData?.[0]?.call?.error), 'a destination call that does not decode');

  const dir = mkdtempSync(path.join(tmpdir(), 'securepay-conformance-'));
  const file = path.join(dir, 'answers.ts');
  // The encoder's types are its subpath's (securepay-wasm/encode).
  const encoder = ['EncodedCall', 'CallDescription', 'InteropNameInfo'];
  const types = Object.keys(answers).filter((t) => !encoder.includes(t)).join(', ');
  const lines = [`import type { ${types} } from ${JSON.stringify(pkg)};`,
    `import type { ${encoder.join(', ')} } from ${JSON.stringify(encodePkg)};`];
  for (const [type, values] of Object.entries(answers)) {
    values.forEach((value, i) => lines.push(`export const ${type}_${i}: ${type} = ${JSON.stringify(value)};`));
  }
  writeFileSync(file, lines.join('\n'));
  const tsc = path.join(here, '../node_modules/typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2020',
    '--module', 'commonjs', file], { encoding: 'utf8' });
  assert.equal(run.status, 0, `${file}:\n${run.stdout}${run.stderr}`.slice(0, 4000));
});
