/** The functions that took most CPU in a V8 .cpuprofile (node --cpu-prof), by self time. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../tests/support/processes';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function topFunctions(file: string, count = 15): Array<{ name: string; share: number }> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    if (!frame) return;
    const where = frame.url ? path.relative(ROOT, frame.url.replace(/^file:\/\//, '')) : '';
    const name = `${frame.functionName || '(anonymous)'}${where ? ` ${where}:${frame.lineNumber + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => ({ name, share: time / total }));
}

export function printTopFunctions(file: string): void {
  console.log(`\nserver CPU profile ${file}, top functions by self time (setup included):`);
  for (const { name, share } of topFunctions(file))
    console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
}

/** After the server exited: the largest profile written into `dir` since `since` (its main thread). */
export function printServerProfile(dir: string, since: number): void {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).mtimeMs >= since)
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (files[0]) printTopFunctions(files[0]);
  else console.warn(`no CPU profile was written in ${dir}`);
}
