// ERC20FeeProxy's transferFromWithReferenceAndFee, for the JavaScript encoders.
export const ABI = [{
  type: 'function', name: 'transferFromWithReferenceAndFee', stateMutability: 'nonpayable', outputs: [],
  inputs: [
    { name: '_tokenAddress', type: 'address' }, { name: '_to', type: 'address' },
    { name: '_amount', type: 'uint256' }, { name: '_paymentReference', type: 'bytes' },
    { name: '_feeAmount', type: 'uint256' }, { name: '_feeAddress', type: 'address' },
  ],
}];

// ERC20FeeProxy's payment event (`ERC20FeeProxy.sol:10-17`), for viem's `parseEventLogs`.
export const EVENT_ABI = [{
  type: 'event', name: 'TransferWithReferenceAndFee', anonymous: false,
  inputs: [
    { name: 'tokenAddress', type: 'address', indexed: false },
    { name: 'to', type: 'address', indexed: false },
    { name: 'amount', type: 'uint256', indexed: false },
    { name: 'paymentReference', type: 'bytes', indexed: true },
    { name: 'feeAmount', type: 'uint256', indexed: false },
    { name: 'feeAddress', type: 'address', indexed: false },
  ],
}];
