// Detects the payments of one request in the same eth_getLogs answer of N ERC20FeeProxy logs
// on Base (every other one the request's: benches/ops/detect.rs makes the same logs) with
// securepay and with viem, checks both find the same balance, and prints one table.
//
// - securepay: `securepay detect --logs FILE` (one process: start-up, reading, strict
//   decoding, matching, writing the settlement JSON with every ignored log; best of RUNS);
//   the library's own time without the process is `cargo bench --features fixtures --bench detect`.
// - viem: `JSON.parse` of the same text, `parseEventLogs` (strict), then the same match
//   (emitter, reference topic, payee, token) and sum: as a Node process of its own
//   (detect-viem.mjs, start-up and JSON answer included) and as a loop in this process (Node's
//   start-up not counted). Each of the three best of RUNS, interleaved.
//
//   cargo build --release -p securepay-cli && (cd benches/compare && npm install && node detect.mjs 10000)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { keccak256, parseEventLogs, toHex } from 'viem';
import { EVENT_ABI } from './abi.mjs';

const N = Number(process.argv[2] ?? 10000);
const RUNS = Number(process.env.RUNS ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.SECUREPAY_BIN ?? path.join(here, '../../target/release/securepay');

const PROXY = '0x1892196e80c4c17ea5100da765ab48c1fe2fb814';
const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const PAYEE = '0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7';
const FEE_TO = '0x9795d480c2c50392a4714a0f468059c6448dece2';
const REFERENCE = '0xe23a6b02059c2b30';
const SIGNATURE = '0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6';

const word = (hex) => hex.replace(/^0x/, '').padStart(64, '0');
const ours = keccak256(REFERENCE);
const logs = [];
for (let i = 0; i < N; i++) {
  const topic = i % 2 === 0 ? ours : keccak256(toHex(BigInt(i), { size: 8 }));
  const block = 30_000_000 + Math.floor(i / 50);
  logs.push({
    address: PROXY,
    topics: [SIGNATURE, topic],
    data: '0x' + word(USDC) + word(PAYEE) + word((1_000_000 + i).toString(16)) + word((i % 1000).toString(16)) + word(FEE_TO),
    blockNumber: '0x' + block.toString(16),
    blockHash: '0x' + word(block.toString(16)),
    transactionHash: '0x' + word((i + 1).toString(16)),
    transactionIndex: '0x' + (i % 50).toString(16),
    logIndex: '0x' + ((i % 50) * 3).toString(16),
    removed: false,
  });
}
const text = JSON.stringify(logs);
const dir = mkdtempSync(path.join(tmpdir(), 'securepay-detect-'));
const file = path.join(dir, 'logs.json');
writeFileSync(file, text);

function viem() {
  const parsed = parseEventLogs({ abi: EVENT_ABI, logs: JSON.parse(text), eventName: 'TransferWithReferenceAndFee', strict: true });
  let balance = 0n;
  for (const log of parsed) {
    if (log.address.toLowerCase() === PROXY && log.topics[1] === ours
      && log.args.to.toLowerCase() === PAYEE && log.args.tokenAddress.toLowerCase() === USDC) {
      balance += log.args.amount;
    }
  }
  return balance;
}

// The three, interleaved run by run (the machine is shared: a slow moment hits all three).
const args = ['detect', '--network', 'base', '--reference', REFERENCE, '--payee', PAYEE,
  '--currency', 'USDC-base', '--fee-address', FEE_TO, '--logs', file];
const viemArgs = [path.join(here, 'detect-viem.mjs'), file, PROXY, REFERENCE, PAYEE, USDC];
let [cliBest, viemProcessBest, viemBest] = [Infinity, Infinity, Infinity];
let cliAnswer, viemAnswer, viemBalance;
for (let run = 0; run < RUNS; run++) {
  let start = performance.now();
  const done = spawnSync(bin, args, { maxBuffer: 1 << 30 });
  cliBest = Math.min(cliBest, performance.now() - start);
  if (done.status !== 0) throw new Error(`securepay exited ${done.status}: ${done.stderr}`);
  cliAnswer = JSON.parse(done.stdout.toString());
  start = performance.now();
  const node = spawnSync(process.execPath, viemArgs, { maxBuffer: 1 << 30 });
  viemProcessBest = Math.min(viemProcessBest, performance.now() - start);
  if (node.status !== 0) throw new Error(`detect-viem.mjs exited ${node.status}: ${node.stderr}`);
  viemAnswer = JSON.parse(node.stdout.toString());
  start = performance.now();
  viemBalance = viem();
  viemBest = Math.min(viemBest, performance.now() - start);
}
for (const [name, balance] of [['viem in this process', viemBalance], ['detect-viem.mjs', BigInt(viemAnswer.balance)]]) {
  if (BigInt(cliAnswer.balance) !== balance) {
    throw new Error(`balances differ: securepay ${cliAnswer.balance}, ${name} ${balance}`);
  }
}
const perLog = (ms) => `${(ms * 1000 / N).toFixed(2)} µs`;
console.log(`${N} logs (${(text.length / 1024).toFixed(0)} KiB), balance ${viemBalance} in both\n`);
console.log('| detector | total | per log | logs/s |');
console.log('|---|---:|---:|---:|');
for (const [name, ms] of [
  ['securepay detect (one process, start-up and JSON answer included)', cliBest],
  ['viem, one Node process like securepay\'s (detect-viem.mjs)', viemProcessBest],
  ['viem JSON.parse + parseEventLogs + match (a loop in this process)', viemBest],
]) {
  console.log(`| ${name} | ${ms.toFixed(1)} ms | ${perLog(ms)} | ${Math.round(N / ms * 1000).toLocaleString('en')} |`);
}
const processRatio = viemProcessBest / cliBest;
console.log(`\nprocess against process: viem ${processRatio.toFixed(1)}x securepay's time (goal at 40,000 logs: at least 10x: ${processRatio >= 10 ? 'met' : 'not met'} at ${N})`);
console.log(`viem in this process: ${(viemBest * 1000 / N).toFixed(2)} µs per log (compare with the library's per-log time from the criterion bench)`);
