// The viem-based streaming encoder securepay's `encode` is compared with at process level:
// reads the same JSON lines on standard input, writes {"data": …} lines.
import { readFileSync } from 'node:fs';
import { encodeFunctionData } from 'viem';

const ABI = [{
  type: 'function', name: 'transferFromWithReferenceAndFee', stateMutability: 'nonpayable', outputs: [],
  inputs: [
    { name: '_tokenAddress', type: 'address' }, { name: '_to', type: 'address' },
    { name: '_amount', type: 'uint256' }, { name: '_paymentReference', type: 'bytes' },
    { name: '_feeAmount', type: 'uint256' }, { name: '_feeAddress', type: 'address' },
  ],
}];
const out = [];
for (const line of readFileSync(0, 'utf8').split('\n')) {
  if (!line) continue;
  const c = JSON.parse(line);
  const data = encodeFunctionData({
    abi: ABI, functionName: 'transferFromWithReferenceAndFee',
    args: [c.token, c.to, BigInt(c.amount), c.reference, BigInt(c.feeAmount), c.feeAddress],
  });
  out.push(JSON.stringify({ data }));
}
process.stdout.write(out.join('\n') + '\n');
