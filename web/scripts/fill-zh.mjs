// Fills empty msgstr entries of the zh catalogue from scripts/zh.json and scripts/zh/*.json (one file per
// feature area; run after `lingui extract`), so translations live in reviewable JSON while the .po stays
// the catalogue Lingui reads.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const poPath = new URL('src/locales/zh/messages.po', root);
const readTable = (url) => JSON.parse(readFileSync(url, 'utf8'));
const featureDir = new URL('scripts/zh/', root);
const table = Object.assign(
  readTable(new URL('scripts/zh.json', root)),
  ...(existsSync(featureDir) ? readdirSync(featureDir) : [])
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readTable(new URL(name, featureDir))),
);
const quote = (text) => JSON.stringify(text);

const lines = readFileSync(poPath, 'utf8').split('\n');
let missing = 0;
for (let i = 0; i < lines.length; i += 1) {
  const id = /^msgid (".*")$/.exec(lines[i]);
  if (!id || lines[i + 1] !== 'msgstr ""') continue;
  const source = JSON.parse(id[1]);
  if (!source) continue;
  if (table[source]) lines[i + 1] = `msgstr ${quote(table[source])}`;
  else {
    missing += 1;
    console.warn(`no zh text for: ${source}`);
  }
}
writeFileSync(poPath, lines.join('\n'));
console.log(missing ? `${missing} zh texts missing` : 'zh catalogue complete');
process.exit(missing ? 1 : 0);
