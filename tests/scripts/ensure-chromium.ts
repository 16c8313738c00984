import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests drive Debian's Chromium and never download a browser. Installs it when missing and
 * we are root; otherwise stops with one line saying how.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH) and run the tests again.`,
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package (apt-get install -y chromium)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`Chromium is still missing at ${CHROMIUM_PATH} after apt-get install.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
