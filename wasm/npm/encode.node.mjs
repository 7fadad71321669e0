// securepay-wasm/encode for Node, as an ES module (the `node` + `import` condition of the
// subpath's exports): the CommonJS build, so that one process holds one copy of the module.
// Ready when imported; `init` resolves at once.
import sp from './encode.node.cjs';

export const { encode, interopName, init, initSync } = sp;
export default init;
