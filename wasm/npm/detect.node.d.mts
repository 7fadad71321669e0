// securepay-wasm/detect for Node (ES module): ready when imported.
export * from './detect.node.cjs';
import { init } from './detect.node.cjs';
export default init;
