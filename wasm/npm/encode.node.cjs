'use strict';
// securepay-wasm/encode for Node, CommonJS (the `node` + `require` condition of the subpath's
// exports). The module is compiled and instantiated when first required: nothing to
// initialise. `init` and `initSync` do nothing here; they let code shared with browsers call
// them.
const sp = require('./securepay_encode_node.cjs');

module.exports = {
  encode: sp.encode,
  interopName: sp.interopName,
  init: (_source) => Promise.resolve(),
  initSync: (_module) => {},
};
