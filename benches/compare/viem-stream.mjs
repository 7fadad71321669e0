// The viem-based streaming encoder securepay's `encode` is compared with at process level:
// reads the same JSON lines on standard input, writes {"data": …} lines.
import { readFileSync } from 'node:fs';
import { encodeFunctionData } from 'viem';
import { ABI } from './abi.mjs';

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
