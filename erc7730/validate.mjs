// node erc7730/validate.mjs: validates every ERC-7730 descriptor of erc7730/registry/requestnetwork/
// against the registry's v2 schema, and every test file against its test schema (tests/ against
// erc7730-tests.schema.json, testsv2/ against erc7730-tests-v2.schema.json), with the schema copies
// of erc7730/specs/ (SOURCES.md). Addresses of the `eip55` format are held to the EIP-55 checksum
// (keccak-256, strictly: a lower-case address is refused). Then negative controls: corrupted
// copies, made in memory, must be refused, so the step cannot pass by validating nothing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;
const Ajv07 = require('ajv').default;
const addFormats = require('ajv-formats').default;
const { keccak256 } = require('js-sha3');

const here = path.dirname(fileURLToPath(import.meta.url));
const registry = path.join(here, 'registry', 'requestnetwork');
const specs = path.join(here, 'specs');

// EIP-55: the mixed-case checksum of keccak-256 of the lower-case hex.
function eip55(address) {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256(lower);
  let out = '';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return address.slice(2) === out;
}

function compile(schemaFile) {
  const schema = JSON.parse(fs.readFileSync(path.join(specs, schemaFile), 'utf8'));
  // JSON Schema 2020-12 (the v2 descriptor schema) or draft-07 (the test schemas).
  const Ajv = (schema.$schema || '').includes('2020-12') ? Ajv2020 : Ajv07;
  // strict: false: the ERC-7730 schemas keep their definitions under non-standard top-level
  // keys ($context, $display, ...).
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('eip55', { type: 'string', validate: eip55 });
  ajv.addFormat('eip155', { type: 'number', validate: (n) => Number.isInteger(n) && n > 0 });
  return ajv.compile(schema);
}

const descriptorSchema = compile('erc7730-v2.schema.json');
const testSchema = compile('erc7730-tests.schema.json');
const testV2Schema = compile('erc7730-tests-v2.schema.json');

const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const jsonFiles = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(dir, f));

let failed = 0;
let checked = 0;
function check(validate, file, value, schemaName) {
  checked++;
  const ok = validate(value);
  console.log(`${ok ? 'VALID  ' : 'INVALID'} ${path.relative(path.join(here, '..'), file)} (${schemaName})`);
  if (!ok) {
    failed++;
    console.log(JSON.stringify(validate.errors, null, 1));
  }
  return ok;
}

const descriptors = jsonFiles(registry);
for (const file of descriptors) check(descriptorSchema, file, read(file), 'erc7730-v2.schema.json');
const tests = jsonFiles(path.join(registry, 'tests'));
for (const file of tests) check(testSchema, file, read(file), 'erc7730-tests.schema.json');
const testsV2 = jsonFiles(path.join(registry, 'testsv2'));
for (const file of testsV2) {
  const value = read(file);
  check(testV2Schema, file, value, 'erc7730-tests-v2.schema.json');
  // The descriptor it names exists.
  if (!fs.existsSync(path.join(path.dirname(file), value.descriptor))) {
    failed++;
    console.log(`MISSING descriptor ${value.descriptor} of ${file}`);
  }
}
// Every descriptor has its two test files.
for (const file of descriptors) {
  const stem = path.basename(file, '.json');
  for (const dir of ['tests', 'testsv2']) {
    if (!fs.existsSync(path.join(registry, dir, `${stem}.tests.json`))) {
      failed++;
      console.log(`MISSING ${dir}/${stem}.tests.json`);
    }
  }
}
if (descriptors.length === 0 || tests.length === 0 || testsV2.length === 0) {
  failed++;
  console.log('nothing to validate: no descriptor or no test file');
}

// Negative controls: each corruption of a valid file must be refused.
const first = read(descriptors[0]);
const deployment = first.context.contract.deployments[0];
const [key] = Object.keys(first.display.formats);
const corruptions = [
  ['a lower-case (not EIP-55) deployment address', descriptorSchema, (d) => { d.context.contract.deployments[0].address = deployment.address.toLowerCase(); }],
  ['a deployment address with one checksum letter flipped', descriptorSchema, (d) => {
    const a = deployment.address;
    const i = [...a].findIndex((c, j) => j > 1 && /[a-fA-F]/.test(c));
    const c = a[i];
    d.context.contract.deployments[0].address = a.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + a.slice(i + 1);
  }],
  ['an unknown field format', descriptorSchema, (d) => { d.display.formats[key].fields[0].format = 'bogusFormat'; }],
  ['a chain id of 0', descriptorSchema, (d) => { d.context.contract.deployments[0].chainId = 0; }],
  ['a test whose rawTx is not hex', testSchema, (t) => { t.tests[0].rawTx = 'not hex'; }, tests[0]],
  ['a v2 test without its expected screen', testV2Schema, (t) => { delete t.tests[0].expected; }, testsV2[0]],
];
for (const [what, validate, corrupt, file] of corruptions) {
  const copy = structuredClone(file ? read(file) : first);
  corrupt(copy);
  checked++;
  if (validate(copy)) {
    failed++;
    console.log(`NEGATIVE CONTROL FAILED: ${what} was accepted`);
  } else {
    console.log(`REFUSED  ${what} (negative control)`);
  }
}

console.log(`${checked} checks, ${failed} failed`);
process.exit(failed ? 1 : 0);
