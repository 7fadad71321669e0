'use strict';
// securepay-wasm for Node, CommonJS (the `node` + `require` condition of the package's exports).
// The module is compiled and instantiated when first required: nothing to initialise. `init`
// and `initSync` do nothing here; they let code shared with browsers call them.
const sp = require('./securepay_wasm_node.cjs');
const { verdict } = require('./verdict.cjs');

module.exports = {
  verify: (expectation, response, tronTransaction) =>
    verdict(sp.verify(expectation, response, tronTransaction)),
  decode: sp.decode,
  paymentReference: sp.paymentReference,
  parseAmount: sp.parseAmount,
  formatAmount: sp.formatAmount,
  verifyWebhookSignature: sp.verifyWebhookSignature,
  init: (_source) => Promise.resolve(),
  initSync: (_module) => {},
};
