import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, sourceFingerprint, writeStamp } from './build.mjs';

let root: string;
const write = (file: string, text = '') => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const built = () => {
  write('dist/server/main.js', 'export {};');
  write('dist/client/index.html', '<!doctype html>');
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'matchday-build-'));
  write('src/server/main.ts', 'console.log(1);');
  write('src/client/index.html', '<!doctype html>');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the build is missing or older than the sources', () => {
  it('builds when there is no build, or no stamp of the sources it was made from', () => {
    expect(isBuildCurrent(root)).toBe(false);
    built();
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('reuses a build stamped with the sources as they are', () => {
    built();
    writeStamp(sourceFingerprint(root), root);
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('builds again after a source is edited, added, or touched by a checkout', () => {
    built();
    const stamp = () => writeStamp(sourceFingerprint(root), root);

    stamp();
    write('src/server/main.ts', 'console.log(2);');
    expect(isBuildCurrent(root)).toBe(false);

    stamp();
    write('src/shared/new-rule.ts', 'export {};');
    expect(isBuildCurrent(root)).toBe(false);

    stamp();
    // Same bytes, another time (a checkout, or a copy that keeps older times): still built again.
    utimesSync(path.join(root, 'src/server/main.ts'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(isBuildCurrent(root)).toBe(false);

    stamp();
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('builds again when half of the build is gone', () => {
    built();
    writeStamp(sourceFingerprint(root), root);
    rmSync(path.join(root, 'dist/server'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
  });
});
