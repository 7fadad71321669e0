// securepay-wasm for Node, as an ES module (the `node` + `import` condition of the package's
// exports): the CommonJS build, so that one process holds one copy of the module. Ready when
// imported; `init` resolves at once.
import sp from './index.node.cjs';

export const {
  verify, decode, paymentReference, parseAmount, formatAmount,
  verifyWebhookSignature, init, initSync,
} = sp;
export default init;
