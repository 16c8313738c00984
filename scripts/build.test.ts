import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FIRST_LOAD_JS_GZIP_GUARD,
  firstLoadJsGzip,
  isBuildCurrent,
  sourceFingerprint,
  writeStamp,
} from './build.mjs';

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

describe("the first load's JavaScript, as the build guards it", () => {
  it('counts the entry, the chunks it imports and the heaviest first catalogue, by their .gz files', () => {
    const client = 'dist/client';
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_vendor.js'],
        css: ['assets/a.css'],
      },
      '_vendor.js': { file: 'assets/vendor.js', imports: ['index.html'] },
      'src/client/app/routes/admin.tsx': { file: 'assets/admin.js', isDynamicEntry: true },
      'virtual:catalog/first/en': { file: 'assets/first-en.js' },
      'virtual:catalog/first/ar': { file: 'assets/first-ar.js' },
    };
    write(`${client}/.vite/manifest.json`, JSON.stringify(manifest));
    // What is measured is each file's .gz, as the server sends it; the bytes themselves do not matter.
    const sized = (file: string, gz: number) => {
      write(`${client}/${file}`, 'x'.repeat(gz * 3));
      write(`${client}/${file}.gz`, 'z'.repeat(gz));
    };
    sized('assets/index.js', 1000);
    sized('assets/vendor.js', 500);
    sized('assets/admin.js', 9000);
    sized('assets/first-en.js', 70);
    sized('assets/first-ar.js', 90);
    expect(firstLoadJsGzip(path.join(root, client))).toBe(1000 + 500 + 90);
    expect(FIRST_LOAD_JS_GZIP_GUARD).toBe(200_000);
  });
});
