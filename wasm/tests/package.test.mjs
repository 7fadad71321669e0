// The npm package as its users get it: `npm pack` in wasm/pkg, the tarball installed into a
// fresh project (offline: it has no dependencies), then used from Node (CommonJS `require` and
// an ES module `import`, with no initialisation: the README's examples; the same for the
// `securepay-wasm/detect` subpath), from a vite build and vite's dev server opened in headless
// Chromium (`init()`; a function called before it says to call it; a page of the verifier
// bundles its .wasm only, a page of `detect` the detect .wasm only), and from TypeScript (`tsc --strict`: Node's CommonJS and ES module resolution, and
// bundlers'). `npm publish --dry-run` passes. vite and typescript come from wasm/node_modules
// (build.sh installs them). About 15 s on the 2-core VM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, readdirSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { serve, dom } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.join(here, '../pkg');
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const RESPONSE = path.join(here, '../../tests/data/pay/single_erc20_fees.json');
const AGREED = {
  network: 'base', currency: 'USDC-base', maxPayerFees: '0.30', maxPayeeFees: '1.25',
  payments: [{ payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', amount: '827.50', reference: '0xe23a6b02059c2b30' }],
};
const LOGS = path.join(here, '../../tests/data/detect/base-usdc-logs.json');
const CRITERIA = { network: 'base', reference: '0xe23a6b02059c2b30', payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7', currency: 'USDC-base' };
const README = readFileSync(path.join(here, '../npm/README.md'), 'utf8');
/** Every fenced block of the npm README: its language and text. */
const README_BLOCKS = [...README.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, language, body]) => ({ language, body }));

/** The README's fenced block of `language` whose first line is `// {title}`. */
function readmeBlock(language, title) {
  const block = [...README.matchAll(/```(\w+)\n([\s\S]*?)```/g)]
    .find(([, lang, body]) => lang === language && body.startsWith(`// ${title}\n`));
  assert.ok(block, `the README's ${language} block "// ${title}"`);
  return block[2];
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}:\n${result.stdout}${result.stderr}`.slice(0, 4000));
  return result.stdout;
}

let project; // the fresh project, with the tarball installed
let tarball;

before(() => {
  project = mkdtempSync(path.join(tmpdir(), 'securepay-npm-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', project], { cwd: pkgDir }));
  tarball = packed[0];
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'fresh-project', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', `./${tarball.filename}`], { cwd: project });
  copyFileSync(RESPONSE, path.join(project, 'response.json'));
  copyFileSync(LOGS, path.join(project, 'logs.json'));
});

after(() => rmSync(project, { recursive: true, force: true }));

test('npm pack: the entry points, the three .wasm, the types, the README and the licences', () => {
  assert.equal(tarball.name, 'securepay-wasm');
  assert.deepEqual(tarball.files.map((f) => f.path).sort(), [
    'LICENSE-APACHE', 'LICENSE-MIT', 'README.md',
    'detect.d.ts', 'detect.js', 'detect.node.cjs', 'detect.node.d.cts', 'detect.node.d.mts', 'detect.node.mjs',
    'encode.d.ts', 'encode.js', 'encode.node.cjs', 'encode.node.d.cts', 'encode.node.d.mts', 'encode.node.mjs',
    'index.d.ts', 'index.js', 'index.node.cjs', 'index.node.d.cts', 'index.node.d.mts', 'index.node.mjs',
    'loader.js', 'package.json', 'securepay_detect.d.ts', 'securepay_detect.js', 'securepay_detect_bg.wasm',
    'securepay_detect_node.cjs', 'securepay_detect_node.d.cts',
    'securepay_encode.d.ts', 'securepay_encode.js', 'securepay_encode_bg.wasm', 'securepay_encode_node.cjs', 'securepay_encode_node.d.cts',
    'securepay_wasm.d.ts', 'securepay_wasm.js', 'securepay_wasm_bg.wasm',
    'securepay_wasm_node.cjs', 'securepay_wasm_node.d.cts', 'verdict.cjs', 'verdict.js',
  ]);
  const installed = JSON.parse(readFileSync(path.join(project, 'node_modules/securepay-wasm/package.json'), 'utf8'));
  assert.equal(installed.license, 'MIT OR Apache-2.0');
  assert.equal(installed.sideEffects, false);
  assert.equal(installed.version, readFileSync(path.join(here, '../../Cargo.toml'), 'utf8').match(/^version = "(.*)"/m)[1]);
  assert.ok(tarball.size < 800_000, `${tarball.size} bytes`); // 603,997 with the detect module, 751,185 with the encode module too
});

test('npm publish --dry-run passes', () => {
  const result = spawnSync('npm', ['publish', '--dry-run'], { cwd: pkgDir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout + result.stderr, new RegExp(`\\+ securepay-wasm@${pkg.version.replaceAll('.', '\\.')}`));
  // npm corrects and warns about package.json mistakes (a bad "bin", "files", "repository"…).
  assert.doesNotMatch(result.stderr, /auto-corrected|invalid|errors? (in|on) package\.json/i);
});

test('Node, CommonJS: require() is ready, with no init (the README example)', () => {
  writeFileSync(path.join(project, 'readme.cjs'), readmeBlock('js', 'Node, CommonJS'));
  const out = run(process.execPath, ['readme.cjs'], { cwd: project });
  assert.match(out, /^true \[/);
  assert.match(out, /Total leaving your wallet: 827.8 USDC/);
  assert.match(out, /invalid_amount/);
  const resolved = run(process.execPath, ['-e', 'console.log(require.resolve("securepay-wasm"))'], { cwd: project });
  assert.match(resolved, /node_modules\/securepay-wasm\/index\.node\.cjs$/m);
});

test('Node, ES module: import (named and default) is ready, with no init (the README example)', () => {
  writeFileSync(path.join(project, 'readme.mjs'), readmeBlock('js', 'Node, ES module'));
  assert.equal(run(process.execPath, ['readme.mjs'], { cwd: project }), '827.8\n');
  writeFileSync(path.join(project, 'more.mjs'), `
    import init, { verify, init as named } from 'securepay-wasm';
    import { readFileSync } from 'node:fs';
    console.log(init === named, await init(), verify(${JSON.stringify(AGREED)}, readFileSync('response.json')).safe,
      import.meta.resolve('securepay-wasm').endsWith('/index.node.mjs'));
  `);
  assert.equal(run(process.execPath, ['more.mjs'], { cwd: project }), 'true undefined true true\n');
});

test('securepay-wasm/encode from Node: require() and import are ready, with no init (the README example)', () => {
  writeFileSync(path.join(project, 'encode.mjs'), readmeBlock('js', 'Encode, Node'));
  assert.equal(run(process.execPath, ['encode.mjs'], { cwd: project }), '0x095ea7b3\n');
  writeFileSync(path.join(project, 'encode.cjs'), `
    const { encode, interopName, init } = require('securepay-wasm/encode');
    console.log(encode({ kind: 'eip55', address: '0x1892196e80c4c17ea5100da765ab48c1fe2fb814' }).result,
      interopName('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C').chainId, typeof init,
      require.resolve('securepay-wasm/encode').endsWith('/encode.node.cjs'), 'encode' in require('securepay-wasm'));
  `);
  assert.equal(run(process.execPath, ['encode.cjs'], { cwd: project }), '0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814 1 function true false\n');
  writeFileSync(path.join(project, 'encode-more.mjs'), `
    import init, { encode, init as named } from 'securepay-wasm/encode';
    console.log(init === named, await init(), import.meta.resolve('securepay-wasm/encode').endsWith('/encode.node.mjs'),
      import.meta.resolve('securepay-wasm/securepay_encode_bg.wasm').endsWith('/securepay_encode_bg.wasm'));
  `);
  assert.equal(run(process.execPath, ['encode-more.mjs'], { cwd: project }), 'true undefined true true\n');
});

test('securepay-wasm/detect from Node: require() and import are ready, with no init (the README example)', () => {
  writeFileSync(path.join(project, 'detect.mjs'), readmeBlock('js', 'Detect, Node'));
  assert.equal(run(process.execPath, ['detect.mjs'], { cwd: project }), "827500000 300000 [ 'fee_address' ]\n");
  writeFileSync(path.join(project, 'detect.cjs'), `
    const { detect, init } = require('securepay-wasm/detect');
    const settlement = detect(${JSON.stringify(CRITERIA)}, require('node:fs').readFileSync('logs.json', 'utf8'));
    console.log(settlement.balance, typeof init, require.resolve('securepay-wasm/detect').endsWith('/detect.node.cjs'));
  `);
  assert.equal(run(process.execPath, ['detect.cjs'], { cwd: project }), '827500000 function true\n');
  writeFileSync(path.join(project, 'detect-more.mjs'), `
    import init, { detect, init as named } from 'securepay-wasm/detect';
    console.log(init === named, await init(), import.meta.resolve('securepay-wasm/detect').endsWith('/detect.node.mjs'),
      import.meta.resolve('securepay-wasm/securepay_detect_bg.wasm').endsWith('/securepay_detect_bg.wasm'));
  `);
  assert.equal(run(process.execPath, ['detect-more.mjs'], { cwd: project }), 'true undefined true true\n');
});

/** A page of the project, bundled by vite: the README's browser example, a call before
 *  `init()`, then the example twice. */
function writePage() {
  writeFileSync(path.join(project, 'check.js'), readmeBlock('js', 'Browsers and bundlers'));
  writeFileSync(path.join(project, 'index.html'), '<!doctype html><meta charset="utf-8"><title>t</title>'
    + '<p id="out">waiting</p><script type="module" src="/main.js"></script>');
  writeFileSync(path.join(project, 'main.js'), `
    import { verify } from 'securepay-wasm';
    import { check } from './check.js';
    const out = document.getElementById('out');
    try { verify({}, '{}'); out.dataset.before = 'no error'; } catch (e) { out.dataset.before = e.code; out.dataset.message = e.message; }
    fetch('/response.json').then((r) => r.text()).then(async (response) => {
      const first = await check(${JSON.stringify(AGREED)}, response);
      const again = await check(${JSON.stringify(AGREED)}, response);
      out.dataset.safe = String(first.safe && again.safe);
      out.textContent = first.summary.at(-1).text;
    }).catch((e) => { out.dataset.error = String(e); });
  `);
  mkdirSync(path.join(project, 'public'), { recursive: true });
  copyFileSync(RESPONSE, path.join(project, 'public/response.json'));
}

function assertPage(html) {
  assert.match(html, /data-before="not_initialized"/, html);
  assert.match(html, /data-message="securepay-wasm: verify\(\) was called before the WebAssembly module was loaded: call `await init\(\)` once first/);
  assert.match(html, /data-safe="true">Total leaving your wallet: 827.8 USDC</, html);
}

test('a vite build (default configuration) in headless Chromium: init() once, a clear error before it', async () => {
  writePage();
  const { build } = await import('vite');
  await build({ root: project, configFile: false, logLevel: 'warn' });
  const dist = path.join(project, 'dist');
  const assets = readdirSync(path.join(dist, 'assets'));
  const wasm = assets.filter((f) => f.endsWith('.wasm'));
  // The verifier's .wasm only: the detect module is not bundled with a page that does not use it.
  assert.equal(wasm.length, 1, assets.join(' '));
  assert.ok(readFileSync(path.join(dist, 'assets', wasm[0])).equals(readFileSync(path.join(pkgDir, 'securepay_wasm_bg.wasm'))));
  const server = await serve(dist);
  try {
    assertPage(await dom(`http://127.0.0.1:${server.address().port}/`));
  } finally {
    server.close();
  }
});

test('a vite build of a detect page in headless Chromium: its own init(), a clear error before it, its .wasm only', async () => {
  const root = path.join(project, 'detect-page');
  mkdirSync(path.join(root, 'public'), { recursive: true });
  copyFileSync(LOGS, path.join(root, 'public/logs.json'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><meta charset="utf-8"><title>t</title>'
    + '<p id="out">waiting</p><script type="module" src="/main.js"></script>');
  writeFileSync(path.join(root, 'main.js'), `
    import init, { detect } from 'securepay-wasm/detect';
    const out = document.getElementById('out');
    try { detect({}, '[]'); out.dataset.before = 'no error'; } catch (e) { out.dataset.before = e.code; }
    fetch('/logs.json').then((r) => r.arrayBuffer()).then(async (logs) => {
      await init();
      await init();
      const settlement = detect(${JSON.stringify(CRITERIA)}, new Uint8Array(logs));
      out.textContent = settlement.balance + ' ' + settlement.unchecked.join(',');
    }).catch((e) => { out.dataset.error = String(e); });
  `);
  const { build } = await import('vite');
  await build({ root, configFile: false, logLevel: 'warn' });
  const dist = path.join(root, 'dist');
  const wasm = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, wasm.join(' '));
  assert.ok(readFileSync(path.join(dist, 'assets', wasm[0])).equals(readFileSync(path.join(pkgDir, 'securepay_detect_bg.wasm'))));
  const server = await serve(dist);
  try {
    const html = await dom(`http://127.0.0.1:${server.address().port}/`);
    assert.match(html, /data-before="not_initialized"/, html);
    assert.match(html, />827500000 fee_address</, html);
  } finally {
    server.close();
  }
});

test("vite's dev server in headless Chromium: the same page", async () => {
  writePage();
  const { createServer } = await import('vite');
  const server = await createServer({ root: project, configFile: false, logLevel: 'warn', server: { host: '127.0.0.1', port: 0 } });
  await server.listen();
  try {
    assertPage(await dom(`http://127.0.0.1:${server.httpServer.address().port}/`));
  } finally {
    await server.close();
  }
});

test('TypeScript: tsc --strict against the installed package (Node CommonJS and ES module, bundlers)', () => {
  const tsc = path.join(here, '../node_modules/typescript/bin/tsc');
  const use = `
    const verdict: Verdict = verify(${JSON.stringify(AGREED)}, '{}');
    const lines: string[] = verdict.summary.map((line: SummaryLine) => (line.kind === 'total' ? String(line.atMost) : line.text));
    const call: CallDescription = { kind: 'erc20_approve', spender: '0x00', amount: '0' };
    const encoded: EncodedCall = encode(call);
    const status: InteropNameInfo['checksumStatus'] = 'not-verifiable';
    const loaded: Promise<void> = init();
    // @ts-expect-error: erc20_fee needs token, to, amount and reference
    encode({ kind: 'erc20_fee', amount: '1' });
    // @ts-expect-error: the summary's fields are camelCase
    verdict.summary.map((line) => line.kind === 'total' && line.at_most);
    const settlement: Settlement = detect(${JSON.stringify(CRITERIA)}, '[]');
    const ignored: IgnoredCode[] = settlement.ignored.map((i) => i.code);
    const criteria: DetectCriteria = { network: 'base', reference: '0x00', headBlock: 1 };
    const detectLoaded: Promise<void> = initDetect();
    // @ts-expect-error: balances are decimal strings
    const balance: bigint = settlement.balance;
    // @ts-expect-error: a network is one of the eight, by the service's id
    verify({ ...${JSON.stringify(AGREED)}, network: 'basee' }, '{}');
    // @ts-expect-error: decode's network too
    decodeAny('basee', '0x00', '0x');
    const approve: string = encode({ kind: 'erc20_approve', spender: '0x00', amount: '0' }).data;
    // decode's call is encode's input, whose answer is a call (or a text, TypeScript cannot know which).
    const described = decodeAny('base', '0x00', '0x').call;
    const again: EncodedCall | null = described === null ? null : encode(described);
    const eip55: string = encode({ kind: 'eip55', address: '0x00' }).result;
    // @ts-expect-error: an eip55 answer is a text, not a call
    encode({ kind: 'eip55', address: '0x00' }).data;
    const failed = (e: unknown): ErrorCode => (e as SecurepayError).code;
    // @ts-expect-error: the codes are a closed union
    const oldCode: ErrorCode = 'invalid_input';
    // @ts-expect-error: the criteria's fields are camelCase
    detect({ network: 'base', reference: '0x00', fee_address: '0x00' }, '[]');
    export { lines, encoded, status, loaded, ignored, criteria, detectLoaded, balance, approve, eip55, failed, oldCode, again };
  `;
  const types = 'type Verdict, type SummaryLine, type ErrorCode, type SecurepayError, decode as decodeAny';
  const encodeImport = `import { encode, type CallDescription, type EncodedCall, type InteropNameInfo } from 'securepay-wasm/encode';`;
  const detectTypes = 'type Settlement, type IgnoredCode, type DetectCriteria';
  writeFileSync(path.join(project, 'use.cts'), `import sp = require('securepay-wasm');
    const { verify, init, decode: decodeAny } = sp;
    type Verdict = sp.Verdict; type SummaryLine = sp.SummaryLine; type ErrorCode = sp.ErrorCode; type SecurepayError = sp.SecurepayError;
    import se = require('securepay-wasm/encode');
    const { encode } = se;
    type CallDescription = se.CallDescription; type EncodedCall = se.EncodedCall; type InteropNameInfo = se.InteropNameInfo;
    import sd = require('securepay-wasm/detect');
    const { detect, init: initDetect } = sd;
    type Settlement = sd.Settlement; type IgnoredCode = sd.IgnoredCode; type DetectCriteria = sd.DetectCriteria;
    ${use}`);
  const detectImport = `import initDetect, { detect, ${detectTypes} } from 'securepay-wasm/detect';`;
  writeFileSync(path.join(project, 'use.mts'), `import init, { verify, ${types} } from 'securepay-wasm';\n${encodeImport}\n${detectImport}\n${use}`);
  // Node: no DOM library, so Node's types must not need it.
  run(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16',
    '--target', 'es2022', '--lib', 'es2022', 'use.cts', 'use.mts'], { cwd: project });
  // Bundlers (vite's template: moduleResolution bundler, DOM), and the README's TypeScript.
  writeFileSync(path.join(project, 'use.ts'), `import init, { verify, initSync, ${types} } from 'securepay-wasm';
    ${encodeImport}
    import { initSync as initDetectSync } from 'securepay-wasm/detect';
    const sync: (module: BufferSource | WebAssembly.Module) => void = initSync;
    const syncDetect: (module: BufferSource | WebAssembly.Module) => void = initDetectSync;
    export { sync, syncDetect };\n${detectImport}\n${use}`);
  // Every TypeScript block of the README, each a module of its own.
  const readmeTs = README_BLOCKS.filter((b) => b.language === 'ts');
  assert.equal(readmeTs.length, 2);
  const names = readmeTs.map((block, i) => {
    const name = `readme${i}.ts`;
    writeFileSync(path.join(project, name), `${block.body}\nexport {};\n`);
    return name;
  });
  run(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'esnext', '--moduleResolution', 'bundler',
    '--target', 'es2022', '--lib', 'es2022,dom', 'use.ts', ...names], { cwd: project });
});

test("TypeScript checks the READMEs' JavaScript blocks too (tsc --strict --checkJs against the installed package)", () => {
  // The blocks are run by the tests above (and wasm/tests/readme.test.mjs); here TypeScript
  // reads them as a user's editor does, against the package's declarations: a field the
  // declared type does not have (`data` of an encode answer not narrowed) fails.
  const tsc = path.join(here, '../node_modules/typescript/bin/tsc');
  const node = { 'Node, CommonJS': 'cjs', 'Node, ES module': 'mjs', 'Encode, Node': 'mjs', 'Detect, Node': 'mjs' };
  const files = Object.entries(node).map(([title, ext], i) => {
    const name = `check${i}.${ext}`;
    writeFileSync(path.join(project, name), readmeBlock('js', title));
    return name;
  });
  const root = readFileSync(path.join(here, '../../README.md'), 'utf8');
  const section = root.slice(root.indexOf('## From JavaScript and TypeScript'));
  writeFileSync(path.join(project, 'check-root.cjs'), section.match(/```js\n([\s\S]*?)```/)[1]);
  files.push('check-root.cjs');
  // The snippets read files with node:fs; the test project has no @types/node: its one function.
  writeFileSync(path.join(project, 'node-fs.d.ts'),
    "declare module 'node:fs' { export function readFileSync(path: string, encoding?: string): any; }\n"
    + "declare module 'fs' { export * from 'node:fs'; }\n"
    + 'declare var require: (id: string) => any;\n');
  // A JavaScript `catch (e)` has no type to give: `e` is `any`, as in an editor's JavaScript.
  run(process.execPath, [tsc, '--noEmit', '--strict', '--useUnknownInCatchVariables', 'false', '--allowJs', '--checkJs', '--module', 'node16', '--moduleResolution', 'node16',
    '--target', 'es2022', '--lib', 'es2022,dom', 'node-fs.d.ts', ...files], { cwd: project });
  writeFileSync(path.join(project, 'check-browser.js'), readmeBlock('js', 'Browsers and bundlers'));
  run(process.execPath, [tsc, '--noEmit', '--strict', '--allowJs', '--checkJs', '--module', 'esnext', '--moduleResolution', 'bundler',
    '--target', 'es2022', '--lib', 'es2022,dom', 'check-browser.js'], { cwd: project });
});

test('every block of the npm README is run, compiled or checked; its install lines name the tarball npm pack makes', () => {
  const handled = {
    js: ['Node, CommonJS', 'Node, ES module', 'Browsers and bundlers', 'Encode, Node', 'Detect, Node'],
    ts: null, // every one, compiled above
    sh: null, // the install block, checked here
  };
  for (const block of README_BLOCKS) {
    assert.ok(block.language in handled, `a ${block.language} block no test reads:\n${block.body}`);
    const titles = handled[block.language];
    if (titles) assert.ok(titles.some((t) => block.body.startsWith(`// ${t}\n`)), `a ${block.language} block no test reads:\n${block.body}`);
  }
  const install = README_BLOCKS.filter((b) => b.language === 'sh');
  assert.equal(install.length, 1);
  const commands = install[0].body.split('\n').map((line) => line.replace(/#.*$/, '').trim()).filter(Boolean);
  // What the test did before (npm pack in wasm/pkg, the tarball installed into a fresh project):
  // the README's commands, from the clone's root and from the project.
  assert.deepEqual(commands, ['bash wasm/build.sh', 'npm pack ./wasm/pkg', `npm install /path/to/the/clone/${tarball.filename}`]);
  assert.match(install[0].body, new RegExp(`# writes ${tarball.filename.replaceAll('.', '\\.')}`));
  // The repository's README names the same tarball.
  const root = readFileSync(path.join(here, '../../README.md'), 'utf8');
  const named = [...root.matchAll(/securepay-wasm-[0-9][^\s`]*\.tgz/g)].map((m) => m[0]);
  assert.ok(named.length > 0);
  for (const name of named) assert.equal(name, tarball.filename);
  assert.match(README, /Once the package is published, the last line will be `npm install securepay-wasm`/);
});
