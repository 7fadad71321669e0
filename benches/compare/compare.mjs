// Encodes the same N ERC20FeeProxy `transferFromWithReferenceAndFee` calls with securepay's
// streaming `encode` (one process: start, read, encode, write; best of RUNS), viem, ethers v6 and Request
// Network's payment processor (each a loop in this Node process, start-up not counted), checks
// every output byte-equal to securepay's, and prints one table of times and ratios. viem also
// runs as a streaming process of its own (viem-stream.mjs), the process-level comparison.
//
//   cargo build --release -p securepay-cli && (cd benches/compare && npm install && node compare.mjs 20000)
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { encodeFunctionData } from 'viem';
import { ABI } from './abi.mjs';
import { Interface } from 'ethers6';
import { encodePayErc20FeeRequest } from '@requestnetwork/payment-processor';
import { PaymentReferenceCalculator } from '@requestnetwork/payment-detection';

const N = Number(process.argv[2] ?? 20000);
const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.SECUREPAY_BIN ?? path.join(here, '../../target/release/securepay');

const TOKEN = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'; // USDC on Base
const PAYEE = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const FEE_TO = '0x9795d480C2C50392A4714A0F468059C6448DeCe2';

// The calls: request i pays 1,000,000 + i units with a fee of i % 1000, its reference derived
// from its request id and salt as Request Network does.
const calls = [];
for (let i = 0; i < N; i++) {
  const requestId = '01' + i.toString(16).padStart(64, '0');
  const salt = i.toString(16).padStart(16, 'a');
  const reference = '0x' + PaymentReferenceCalculator.calculate(requestId, salt, PAYEE);
  calls.push({ requestId, salt, reference, amount: BigInt(1_000_000 + i), fee: BigInt(i % 1000) });
}

function timed(name, run) {
  const start = performance.now();
  const out = run();
  return { name, ms: performance.now() - start, out };
}

const lines = calls.map((c) => JSON.stringify({
  kind: 'erc20_fee', token: TOKEN, to: PAYEE, amount: c.amount.toString(), reference: c.reference,
  feeAmount: c.fee.toString(), feeAddress: FEE_TO,
})).join('\n') + '\n';

// The two streaming processes are timed as a shell script runs them: standard input from a
// file, standard output to a fresh file (an existing file's truncation would be timed too),
// start-up included; the best of RUNS runs each.
const RUNS = Number(process.env.RUNS ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), 'securepay-compare-'));
const input = path.join(dir, 'calls.jsonl');
writeFileSync(input, lines);
function processRun(name, command, args) {
  const output = path.join(dir, 'answers.jsonl');
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    rmSync(output, { force: true });
    const stdin = openSync(input, 'r');
    const stdout = openSync(output, 'w');
    const start = performance.now();
    const done = spawnSync(command, args, { stdio: [stdin, stdout, 'pipe'] });
    best = Math.min(best, performance.now() - start);
    closeSync(stdin);
    closeSync(stdout);
    if (done.status !== 0) throw new Error(`${name} exited ${done.status}: ${done.stderr}`);
  }
  const out = readFileSync(output, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l).data);
  return { name, ms: best, out };
}

const results = [];
results.push(processRun('securepay encode (one process, start-up included)', bin, ['encode']));
results.push(processRun('viem, one Node process like securepay\'s (viem-stream.mjs)',
  process.execPath, [path.join(here, 'viem-stream.mjs')]));
results.push(timed('viem encodeFunctionData (a loop in this process)', () => calls.map((c) => encodeFunctionData({
  abi: ABI, functionName: 'transferFromWithReferenceAndFee',
  args: [TOKEN, PAYEE, c.amount, c.reference, c.fee, FEE_TO],
}))));
const iface = new Interface(ABI);
results.push(timed('ethers v6 Interface.encodeFunctionData', () => calls.map((c) =>
  iface.encodeFunctionData('transferFromWithReferenceAndFee', [TOKEN, PAYEE, c.amount, c.reference, c.fee, FEE_TO]))));
results.push(timed('@requestnetwork/payment-processor encodePayErc20FeeRequest', () => calls.map((c) =>
  encodePayErc20FeeRequest({
    requestId: c.requestId,
    expectedAmount: c.amount.toString(),
    currencyInfo: { type: 'ERC20', value: TOKEN, network: 'base' },
    extensions: {
      'pn-erc20-fee-proxy-contract': {
        id: 'pn-erc20-fee-proxy-contract', type: 'payment-network', version: '0.2.0', events: [],
        values: { paymentAddress: PAYEE, salt: c.salt, feeAddress: FEE_TO, feeAmount: c.fee.toString() },
      },
    },
  }))));

const reference = results[0].out;
for (const r of results) {
  if (r.out.length !== N) throw new Error(`${r.name}: ${r.out.length} outputs for ${N} calls`);
  r.out.forEach((data, i) => {
    if (data.toLowerCase() !== reference[i]) throw new Error(`${r.name}: call ${i} differs:\n${data}\n${reference[i]}`);
  });
}
const ours = results[0].ms;
rmSync(dir, { recursive: true, force: true });
console.log(`${N} ERC20 fee calls, every output byte-equal to securepay's\n`);
console.log('| encoder | total | per call | vs securepay |');
console.log('|---|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.name} | ${r.ms.toFixed(1)} ms | ${(r.ms * 1000 / N).toFixed(2)} µs | ${(r.ms / ours).toFixed(1)}x |`);
}
const viemProcess = results.find((r) => r.name.startsWith('viem, one Node process'));
if (viemProcess) {
  const ratio = viemProcess.ms / ours;
  console.log(`\nviem's process / securepay's: ${ratio.toFixed(1)}x (goal: at least 30x: ${ratio >= 30 ? 'met' : 'not met'})`);
}
