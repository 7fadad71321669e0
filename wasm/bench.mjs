// verify of one payment from JSON text: the WebAssembly package in Node against the same
// function compiled natively (same machine, same run), and against viem merely decoding the
// same transactions (decodeFunctionData, no verification). Five interleaved rounds of five
// runs of N each; each figure is its best run. The package's verdict parses `findings` and
// `summary` when first read (wasm/npm/verdict.js): verify is timed reading `safe` only, and
// again reading the whole verdict.
//
//   bash wasm/build.sh && node wasm/bench.mjs [N]
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeFunctionData, parseAbi } from 'viem';

const N = Number(process.argv[2] ?? 2000);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const sp = createRequire(import.meta.url)('./pkg/index.node.cjs');

const responsePath = path.join(root, 'tests/data/pay/single_erc20_fees.json');
const response = readFileSync(responsePath, 'utf8');
const agreed = JSON.stringify({
  network: 'base', currency: 'USDC-base', maxPayerFees: '0.30', maxPayeeFees: '1.25',
  payments: [{ payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '827.50', reference: '0xe23a6b02059c2b30' }],
});
if (!sp.verify(agreed, response).safe) throw new Error('the fixture must verify safe');

function best(run) {
  let min = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < N; i++) run();
    min = Math.min(min, ((performance.now() - start) * 1e6) / N);
  }
  return min;
}

// The native figure: the package's own verify, compiled natively, on the same files (built once
// here; each round below runs it again, interleaved with the others).
const dir = mkdtempSync(path.join(tmpdir(), 'securepay-bench-'));
const expectationPath = path.join(dir, 'agreed.json');
writeFileSync(expectationPath, agreed);
execFileSync('cargo', ['build', '--quiet', '--release', '--locked', '-p', 'securepay-wasm', '--example', 'native_verify'], { cwd: root });
// Where cargo builds: CARGO_TARGET_DIR when set, as cargo itself reads it.
const target = process.env.CARGO_TARGET_DIR ? path.resolve(root, process.env.CARGO_TARGET_DIR) : path.join(root, 'target');
const nativeOnce = () => Number(execFileSync(path.join(target, 'release/examples/native_verify'),
  [responsePath, expectationPath, String(N)], { encoding: 'utf8' }).trim());

// viem decoding the same transactions (the approval and the payment), from the same JSON text.
const abi = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFromWithReferenceAndFee(address _tokenAddress, address _to, uint256 _amount, bytes _paymentReference, uint256 _feeAmount, address _feeAddress)',
]);
const viemOnce = () => {
  const body = JSON.parse(response);
  return body.transactions.map((tx) => decodeFunctionData({ abi, data: tx.data }));
};

// Five rounds, each measuring the three one after the other, so that a drift of the machine's
// speed reaches all three alike; each figure is its best round.
let native = Infinity;
let wasm = Infinity;
let wasmWhole = Infinity;
let viem = Infinity;
let sink = 0;
for (let round = 0; round < 5; round++) {
  native = Math.min(native, nativeOnce());
  wasm = Math.min(wasm, best(() => { sink += sp.verify(agreed, response).safe ? 1 : 0; }));
  wasmWhole = Math.min(wasmWhole, best(() => {
    const verdict = sp.verify(agreed, response);
    sink += verdict.findings.length + verdict.summary.length;
  }));
  viem = Math.min(viem, best(viemOnce));
}
if (sink === 0) throw new Error('nothing was read');

const rows = [
  ['securepay verify, native (Rust)', native],
  ['securepay verify, WebAssembly in Node, reading `safe`', wasm],
  ['securepay verify, WebAssembly in Node, reading the whole verdict', wasmWhole],
  ['viem decodeFunctionData of the same transactions (JSON.parse included, no verification)', viem],
];
console.log(`verify of one payment (${path.basename(responsePath)}) from JSON text; best of 5 interleaved rounds of 5 runs of ${N}\n`);
console.log('| what | per call | vs native |');
console.log('|---|---:|---:|');
for (const [name, ns] of rows) console.log(`| ${name} | ${(ns / 1000).toFixed(2)} µs | ${(ns / native).toFixed(2)}x |`);
console.log(`\nWebAssembly / native: ${(wasm / native).toFixed(2)}x, ${(wasmWhole / native).toFixed(2)}x reading the whole verdict (goal: at most 2.5x)`);
console.log(`viem decoding / WebAssembly verify: ${(viem / wasm).toFixed(2)}x, ${(viem / wasmWhole).toFixed(2)}x reading the whole verdict (goal: at least 2x reading safe, 1.5x the whole verdict)`);
