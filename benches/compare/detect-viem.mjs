// The viem-based detector securepay's `detect` is compared with at process level: reads the
// same eth_getLogs answer (the file named by argv[2]), keeps the ERC20FeeProxy events of the
// request (emitter, reference topic, payee, token) with `parseEventLogs`, and writes the
// balance and the payments as JSON.
import { readFileSync } from 'node:fs';
import { keccak256, parseEventLogs } from 'viem';
import { EVENT_ABI } from './abi.mjs';

const [, , file, proxy, reference, payee, token] = process.argv;
const topic = keccak256(reference);
const logs = parseEventLogs({ abi: EVENT_ABI, logs: JSON.parse(readFileSync(file, 'utf8')), eventName: 'TransferWithReferenceAndFee', strict: true });
let balance = 0n;
const payments = [];
for (const log of logs) {
  if (log.address.toLowerCase() === proxy && log.topics[1] === topic
    && log.args.to.toLowerCase() === payee && log.args.tokenAddress.toLowerCase() === token) {
    balance += log.args.amount;
    payments.push({ transactionHash: log.transactionHash, logIndex: log.logIndex, amount: log.args.amount.toString(), fee: log.args.feeAmount.toString() });
  }
}
process.stdout.write(JSON.stringify({ balance: balance.toString(), payments }) + '\n');
