import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { serverFor } from './servers';
import { budget as stretched } from './time-scale';

const held = new Set<() => void>();

/**
 * A server has one live match, one published squad and one set of settings, and the phone and desktop
 * projects share it from two workers: a test that starts a match, changes the squad or sets the tracking
 * ids holds this lock on the server until it is done. A directory in the server's data directory (wiped at every server start), made atomically.
 * The fixtures let go of whatever a test still holds when it ends (releaseHeldServers).
 * The time spent waiting for another test is added to the waiting test's timeout: its own steps keep
 * their whole budget however long the other one takes.
 */
export async function holdServer(baseURL: string): Promise<() => void> {
  const lock = path.join(serverFor(baseURL).dataDir, 'e2e-server.lock');
  const started = Date.now();
  const wait = stretched(170_000);
  const deadline = started + wait;
  const info = test.info();
  const budget = info.timeout;
  // The test's clock runs while it waits: it may wait the whole time, then has its own budget left.
  if (budget > 0) info.setTimeout(budget + wait);
  for (;;) {
    try {
      mkdirSync(lock);
      if (budget > 0) info.setTimeout(budget + (Date.now() - started));
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
