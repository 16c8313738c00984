/**
 * What the server benchmarks (ratings, reads) share: their options and clean-up, the product on a live
 * match day, and the exit: clean-up first, then the product's CPU profile when it ran profiled.
 */

import { Cleanup } from '../../tests/support/processes';
import { adminUrl } from './bench-database';
import { type BenchOptions, parseOptions } from './options';
import { type MatchDay, type Product, setupMatchDay, startProduct } from './product';
import { printServerProfile } from './profile-summary';

export class ServerBench {
  readonly options: BenchOptions;
  readonly cleanup: Cleanup;
  private readonly started: number;
  /** Where the product writes its profile on exit, once it runs profiled. */
  private profileDir: string | null = null;

  constructor(defaults: { fans: number }) {
    this.options = parseOptions(defaults);
    this.cleanup = new Cleanup();
    this.started = Date.now();
  }

  /**
   * The product on a fresh database, with a live match and `options.fans` fans (or `fans`); `nodeArgs`
   * and `fileLimit` go to its process.
   */
  async startMatchDay(
    extra: { fans?: number; nodeArgs?: string[]; fileLimit?: number } = {},
  ): Promise<{ product: Product; day: MatchDay }> {
    const product = await startProduct(this.cleanup, adminUrl(this.options.databaseUrl), {
      profile: this.options.profile,
      ...(extra.nodeArgs ? { nodeArgs: extra.nodeArgs } : {}),
      ...(extra.fileLimit ? { fileLimit: extra.fileLimit } : {}),
    });
    this.profileDir = product.profileDir;
    return { product, day: await setupMatchDay(product, extra.fans ?? this.options.fans) };
  }

  /** Runs `main`, cleans up (also after a throw) and exits with main's code, or 1 when it threw. */
  run(main: () => Promise<number>): void {
    main()
      .then(async (code) => {
        await this.cleanup.run();
        // The server writes its profile as it exits, in the clean-up.
        if (this.profileDir) printServerProfile(this.profileDir, this.started);
        process.exit(code);
      })
      .catch(async (error: unknown) => {
        console.error(error instanceof Error ? (error.stack ?? error.message) : error);
        await this.cleanup.run();
        process.exit(1);
      });
  }
}
