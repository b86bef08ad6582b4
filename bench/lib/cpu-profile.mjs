// Summarises V8 CPU profiles (.cpuprofile, from `node --cpu-prof`; the benches pass it to the services
// through PLATFORM_NODE_ARGS="--cpu-prof --cpu-prof-dir=<dir>"): for each profile, the functions
// with the most self time and the packages (node_modules/<name>, the service's own code, node's
// internals) with the most total self time, as shares of the profile's samples.
//
// Usage: node bench/lib/cpu-profile.mjs <dir or files…> [--top 25]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 25;
const files = args.flatMap((path) =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith('.cpuprofile'))
        .map((name) => join(path, name))
    : [path],
);

/** Where a function's code lives: a package, the platform's own code, or node itself. */
function placeOf(url) {
  if (!url) return '(native or idle)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scopeOrName, name] = url.slice(inModules + 13).split('/');
    return scopeOrName.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
  }
  const own = url.match(/\/(services|packages)\/([^/]+)\//);
  return own ? `${own[1]}/${own[2]}` : url;
}

function summarise(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const selfSamples = new Map(profile.nodes.map((node) => [node.id, 0]));
  for (const id of profile.samples) selfSamples.set(id, selfSamples.get(id) + 1);
  const byFunction = new Map();
  const byPlace = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const samples = selfSamples.get(node.id);
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += samples;
    const name = `${functionName || '(anonymous)'} ${placeOf(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + samples);
    const place = functionName === '(garbage collector)' ? '(gc)' : placeOf(url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + samples);
  }
  const share = (n) => `${((100 * n) / busy).toFixed(1).padStart(5)} %`;
  const list = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => `  ${share(n)}  ${name}`)
      .join('\n');
  const main = profile.nodes.find((node) =>
    /\/services\/[^/]+\/dist\/main\.js$/.test(node.callFrame.url),
  );
  const service = main ? main.callFrame.url.match(/\/services\/([^/]+)\//)[1] : 'unknown';
  console.log(`\n== ${service} (${file}): ${busy} busy samples`);
  console.log(`-- by place\n${list(byPlace)}`);
  console.log(`-- by function (self)\n${list(byFunction)}`);
}

for (const file of files) summarise(file);
