// ERC20FeeProxy's transferFromWithReferenceAndFee, for the JavaScript encoders.
export const ABI = [{
  type: 'function', name: 'transferFromWithReferenceAndFee', stateMutability: 'nonpayable', outputs: [],
  inputs: [
    { name: '_tokenAddress', type: 'address' }, { name: '_to', type: 'address' },
    { name: '_amount', type: 'uint256' }, { name: '_paymentReference', type: 'bytes' },
    { name: '_feeAmount', type: 'uint256' }, { name: '_feeAddress', type: 'address' },
  ],
}];
