// Compiles the contracts the EVM execution tests run (tests/it/evm/) and writes compiled.json:
// per contract its creation and runtime bytecode, and the provenance of everything that went
// in (each source's repository, commit and sha256; the compiler's long version; the settings).
// Run from anywhere: `npm ci --prefix evm && node evm/build.mjs`. The output is deterministic
// (sorted keys, no timestamps): CI runs this again and fails if compiled.json changes.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc');

const here = dirname(fileURLToPath(import.meta.url));
const contractsDir = join(here, 'contracts');
const output = join(here, 'compiled.json');

const RN = 'RequestNetwork/requestNetwork';
const RN_PATH = 'packages/smart-contracts/src/contracts';

// Each folder of contracts/: where its files come from. A folder named after a commit holds the
// files of that commit, unchanged.
const FOLDERS = {
  'requestnetwork-f1942807': {
    repository: RN,
    commit: 'f1942807e7f7cf03d7186e290768f8c668359402',
    path: RN_PATH,
    license: 'MIT (LICENSE in the folder)',
    about:
      'The payment contracts as they stand at the commit (the current source), with the files they import and the repository\'s own test tokens and aggregator mock.',
  },
  'requestnetwork-af792b64': {
    repository: RN,
    commit: 'af792b64e5b405667c2b4442472b19cb9bb24ce8',
    path: RN_PATH,
    license: 'MIT (LICENSE in the folder)',
    about:
      'BatchConversionPayments 0.1.0, the version deployed on every network (mainnet also has 0.2.0): the parent of 00e8c355a (native batch fee then paid with transfer) and of c12cc9b47 (stranded balance fix, tareBalance); the two batch files are unchanged since fdc559035 (2022-10-27). The imported files are identical to requestnetwork-f1942807.',
  },
  'requestnetwork-c17a9aca': {
    repository: RN,
    commit: 'c17a9aca73ae82c820d685c7f4fe92fad43dda3b',
    path: RN_PATH,
    license: 'MIT (LICENSE in the folder)',
    about:
      'EthereumFeeProxy 0.1.0 and EthereumProxy 0.2.0 as deployed: the parent of ee3436ef2 (2022-02-28), which replaced transfer with call for the recipient. Request Network compiled them with solc 0.8.4, optimizer off, OpenZeppelin 4.4.1; compiled here with the settings below (the same behaviour, other gas costs inside the proxy).',
  },
  securepay: {
    repository: null,
    commit: null,
    path: 'evm/contracts/securepay',
    license: 'MIT OR Apache-2.0 (this repository)',
    about:
      'Written for these tests: one ERC-20 per token behaviour, a minimal smart account, and the hostile code placed at the addresses a response chooses (Hostile.sol).',
  },
};

const OPENZEPPELIN = '@openzeppelin/contracts';
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'london',
};

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

function solidityFiles(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return solidityFiles(path);
      return name.endsWith('.sol') ? [path] : [];
    });
}

const sources = {};
const provenance = {};
for (const folder of Object.keys(FOLDERS).sort()) {
  for (const file of solidityFiles(join(contractsDir, folder))) {
    const unit = relative(contractsDir, file).split('\\').join('/');
    const content = readFileSync(file, 'utf8');
    sources[unit] = { content };
    const within = unit.slice(folder.length + 1);
    const origin = FOLDERS[folder];
    provenance[unit] = {
      sha256: sha256(content),
      origin: origin.repository
        ? `${origin.repository}@${origin.commit}:${origin.path}/${within}`
        : `${origin.path}/${within}`,
    };
  }
}

const openzeppelinVersion = require(`${OPENZEPPELIN}/package.json`).version;
function findImports(path) {
  if (!path.startsWith(`${OPENZEPPELIN}/`)) {
    return { error: `not found: ${path} (only ${OPENZEPPELIN} is resolved from node_modules)` };
  }
  const content = readFileSync(require.resolve(path), 'utf8');
  provenance[path] = {
    sha256: sha256(content),
    origin: `npm ${OPENZEPPELIN}@${openzeppelinVersion}`,
  };
  return { contents: content };
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    ...SETTINGS,
    outputSelection: Object.fromEntries(
      Object.keys(sources).map((unit) => [
        unit,
        { '*': ['evm.bytecode.object', 'evm.deployedBytecode.object'] },
      ]),
    ),
  },
};

const started = Date.now();
const result = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const seconds = ((Date.now() - started) / 1000).toFixed(1);

const errors = (result.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  for (const e of errors) console.error(e.formattedMessage);
  process.exit(1);
}
const warnings = (result.errors ?? []).length;

const contracts = {};
for (const [unit, byName] of Object.entries(result.contracts)) {
  for (const [name, compiled] of Object.entries(byName)) {
    const creation = compiled.evm.bytecode.object;
    if (creation.length === 0) continue; // interfaces and abstract contracts
    contracts[`${unit}:${name}`] = {
      creation: `0x${creation}`,
      runtime: `0x${compiled.evm.deployedBytecode.object}`,
    };
  }
}

const folders = Object.fromEntries(
  Object.entries(FOLDERS).map(([folder, origin]) => [`contracts/${folder}`, origin]),
);

const document = {
  about:
    'Written by evm/build.mjs (see evm/README.md); do not edit. Keys are source units (paths under evm/contracts/, or npm paths) and `unit:Contract`.',
  compiler: {
    name: 'solc',
    npm: `solc@${require('solc/package.json').version}`,
    version: solc.version(),
    settings: SETTINGS,
  },
  libraries: { [OPENZEPPELIN]: openzeppelinVersion },
  folders,
  sources: provenance,
  contracts,
};

// Keys sorted at every level, two-space indentation, a final newline.
function sorted(value) {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key])]),
    );
  }
  return value;
}
writeFileSync(output, `${JSON.stringify(sorted(document), null, 2)}\n`);
console.error(
  `compiled ${Object.keys(contracts).length} contracts from ${Object.keys(provenance).length} sources in ${seconds} s (${warnings} warnings) -> ${relative(process.cwd(), output)}`,
);
