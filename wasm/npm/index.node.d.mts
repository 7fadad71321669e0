// securepay-wasm for Node (ES module): ready when imported.
export * from './index.node.cjs';
import { init } from './index.node.cjs';
export default init;
