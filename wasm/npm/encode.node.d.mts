// securepay-wasm/encode for Node (ES module): ready when imported.
export * from './encode.node.cjs';
import { init } from './encode.node.cjs';
export default init;
