import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockPackage {
  engines?: { node?: string } | string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

describe('node engines', () => {
  const manifest = readJson<{ engines: { node: string } }>('package.json');
  const lock = readJson<{ packages: Record<string, LockPackage> }>('package-lock.json');
  // The oldest Node the README promises: every installed package must run on it.
  const oldest = semver.minVersion(manifest.engines.node);

  it('npm ci warns of no package wanting a newer Node than the stated requirement', () => {
    expect(oldest?.version).toBeDefined();
    const wanting: string[] = [];
    for (const [name, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!name || !range || !oldest) continue;
      if (!semver.satisfies(oldest, range, { includePrerelease: true })) wanting.push(`${name} (${range})`);
    }
    expect(wanting).toEqual([]);
  });

  it('the README states the same requirement as package.json', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${oldest?.major}.${oldest?.minor} or later`);
  });
});
