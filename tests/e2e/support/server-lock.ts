import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { serverFor } from './servers';

const held = new Set<() => void>();

/**
 * A server has one live match, one published squad and one set of settings, and the phone and desktop
 * projects share it from two workers: a test that starts a match, changes the squad or sets the tracking
 * ids holds this lock on the server until it is done. A directory in the server's data directory (wiped at every server start), made atomically.
 * The fixtures let go of whatever a test still holds when it ends (releaseHeldServers).
 */
export async function holdServer(baseURL: string): Promise<() => void> {
  const lock = path.join(serverFor(baseURL).dataDir, 'e2e-server.lock');
  const deadline = Date.now() + 170_000;
  for (;;) {
    try {
      mkdirSync(lock);
      const release = () => {
        held.delete(release);
        rmSync(lock, { recursive: true, force: true });
      };
      held.add(release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`the server stayed taken by another test: ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export function releaseHeldServers(): void {
  for (const release of [...held]) release();
}
