// Compiles the contracts the EVM execution tests run (tests/it/evm/) and writes compiled.json:
// per contract its creation and runtime bytecode, and the provenance of everything that went
// in (each source's repository, commit and sha256; each compiler's long version, settings and
// remappings: Request Network's folders and ours with solc 0.8.9, LI.FI's each with the solc its
// foundry.toml names).
// Run from anywhere: `npm ci --prefix evm && node evm/build.mjs`. The output is deterministic
// (sorted keys, no timestamps): CI runs this again and fails if compiled.json changes.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

const here = dirname(fileURLToPath(import.meta.url));
const contractsDir = join(here, 'contracts');
const output = join(here, 'compiled.json');

const RN = 'RequestNetwork/requestNetwork';
const LIFI = 'lifinance/contracts';
// The OpenZeppelin submodule of lifinance/contracts (lib/openzeppelin-contracts) at both
// commits: the v4.9.2 tag.
const OPENZEPPELIN_4_9_2 = {
  repository: 'OpenZeppelin/openzeppelin-contracts',
  commit: 'e50c24f5839db17f46991478384bfda14acfb830',
  path: 'contracts',
  prefix: 'lib/openzeppelin-contracts/contracts/',
};
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
  'lifi-b0c4183b': {
    repository: LIFI,
    commit: 'b0c4183b1334784b0c377d6ca142c1814bb37c6b',
    path: '',
    license: 'MIT (LICENSE in the folder, as at the commit); OpenZeppelin: MIT (lib/openzeppelin-contracts/LICENSE)',
    compiler: 'solc-0.8.17',
    remappings: ['@openzeppelin/=lib/openzeppelin-contracts/', 'lifi/=src/'],
    submodules: { 'lib/openzeppelin-contracts/': OPENZEPPELIN_4_9_2 },
    about:
      'LI.FI Executor 2.0.0 (with LibSwap 1.0.0 and its sending-asset balance check), as deployed in July and August 2023 on Arbitrum, Polygon and BNB Chain (0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D) and Base (0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110), the Executors the ReceiverAcrossV4 deployments of 2025-09-15 call there (deployments/_deployments_log_file.json at ef00558f: their constructor arguments). The commit that logged those deployments; the files compiled are unchanged from 5966b42b5 (2023-06-12) to 6b79ce8b3 (the Base deployment). Compiled as LI.FI did then: foundry.toml at the commit (solc 0.8.17, optimizer 1000000 runs, its default EVM london).',
  },
  'lifi-ef00558f': {
    repository: LIFI,
    commit: 'ef00558fde6c02d4b285979e3f2b0b75ff1e573e',
    path: '',
    license: 'LGPL-3.0-only (LICENSE in the folder); OpenZeppelin: MIT (lib/openzeppelin-contracts/LICENSE); Solady: MIT (lib/solady/LICENSE.txt)',
    compiler: 'solc-0.8.29',
    remappings: [
      '@openzeppelin/=lib/openzeppelin-contracts/',
      'lifi/=src/',
      'solady/=lib/solady/src/',
    ],
    submodules: {
      'lib/openzeppelin-contracts/': OPENZEPPELIN_4_9_2,
      'lib/solady/': {
        repository: 'Vectorized/solady',
        commit: '678c9163550810b08f0ffb09624c9f7532392303',
        path: 'src',
        prefix: 'lib/solady/src/',
      },
    },
    about:
      'LI.FI ReceiverAcrossV4 1.0.0 (deployed 2025-09-15 from 86cc7d4fc; the files it compiles differ at ef00558f in comments, licence headers and one private -> internal only) and Executor 2.1.0 (no balance check in LibSwap 1.1.0: Ethereum since 2025-09-09, Optimism), with the files they import. Compiled as foundry.toml at the commit says: solc 0.8.29, optimizer 1000000 runs, EVM cancun.',
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
// Each compiler (an npm package: the compiler itself compiled to JavaScript) with its settings;
// a folder without `compiler` is compiled by `solc` (Request Network's 0.8.9 and ours).
const COMPILERS = {
  solc: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'london' },
  'solc-0.8.17': { optimizer: { enabled: true, runs: 1000000 }, evmVersion: 'london' },
  'solc-0.8.29': { optimizer: { enabled: true, runs: 1000000 }, evmVersion: 'cancun' },
};
const compilerOf = (folder) => FOLDERS[folder].compiler ?? 'solc';

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

// The origin of a file of `folder` at `within` (its path in the folder): a file of a submodule
// of the folder's repository comes from that submodule's repository at its pinned commit.
function originOf(folder, within) {
  const origin = FOLDERS[folder];
  if (!origin.repository) return `${origin.path}/${within}`;
  for (const sub of Object.values(origin.submodules ?? {})) {
    if (within.startsWith(sub.prefix)) {
      const rest = within.slice(sub.prefix.length);
      return `${sub.repository}@${sub.commit}:${sub.path}/${rest} (${origin.repository}@${origin.commit}:${sub.prefix.slice(0, -1)})`;
    }
  }
  return `${origin.repository}@${origin.commit}:${origin.path ? `${origin.path}/` : ''}${within}`;
}

const provenance = {};
// Per compiler: the source units it compiles and the folders they come from.
const groups = {};
for (const folder of Object.keys(FOLDERS).sort()) {
  const name = compilerOf(folder);
  groups[name] ??= { sources: {}, remappings: [], folders: [] };
  const group = groups[name];
  group.folders.push(`contracts/${folder}`);
  // A folder's remappings apply to its own files only (solc's context:prefix=target).
  for (const remapping of FOLDERS[folder].remappings ?? []) {
    const [prefix, target] = remapping.split('=');
    group.remappings.push(`${folder}/:${prefix}=${folder}/${target}`);
  }
  for (const file of solidityFiles(join(contractsDir, folder))) {
    const unit = relative(contractsDir, file).split('\\').join('/');
    const content = readFileSync(file, 'utf8');
    group.sources[unit] = { content };
    const within = unit.slice(folder.length + 1);
    provenance[unit] = { sha256: sha256(content), origin: originOf(folder, within) };
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

const started = Date.now();
let warnings = 0;
const contracts = {};
const compilers = {};
for (const name of Object.keys(groups).sort()) {
  const group = groups[name];
  const solc = require(name);
  const settings = COMPILERS[name];
  const input = {
    language: 'Solidity',
    sources: group.sources,
    settings: {
      ...settings,
      ...(group.remappings.length > 0 ? { remappings: group.remappings } : {}),
      outputSelection: Object.fromEntries(
        Object.keys(group.sources).map((unit) => [
          unit,
          { '*': ['evm.bytecode.object', 'evm.deployedBytecode.object'] },
        ]),
      ),
    },
  };
  const result = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (result.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    for (const e of errors) console.error(e.formattedMessage);
    process.exit(1);
  }
  warnings += (result.errors ?? []).length;
  for (const [unit, byName] of Object.entries(result.contracts)) {
    for (const [contract, compiled] of Object.entries(byName)) {
      const creation = compiled.evm.bytecode.object;
      if (creation.length === 0) continue; // interfaces and abstract contracts
      contracts[`${unit}:${contract}`] = {
        creation: `0x${creation}`,
        runtime: `0x${compiled.evm.deployedBytecode.object}`,
      };
    }
  }
  compilers[name] = {
    name: 'solc',
    npm: `solc@${require(`${name}/package.json`).version}`,
    version: solc.version(),
    settings,
    remappings: group.remappings,
    folders: group.folders,
  };
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);

const folders = Object.fromEntries(
  Object.entries(FOLDERS).map(([folder, origin]) => [`contracts/${folder}`, origin]),
);

const document = {
  about:
    'Written by evm/build.mjs (see evm/README.md); do not edit. Keys are source units (paths under evm/contracts/, or npm paths) and `unit:Contract`.',
  compilers,
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
