/**
 * Instances of the product on one fresh PostgreSQL database and one Redis (REDIS_URL), as a fleet of
 * them runs behind a load balancer: the same secrets and database, a port and data directory each. The
 * first one is a Product (bench/lib/product.ts) for the set-up; more may be added at any time.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../../src/server/db/client';
import {
  type Cleanup,
  fileLimitOf,
  freePort,
  openFilesOf,
  productEnv,
  ROOT,
  type ServerProcess,
  startServer,
} from '../../tests/support/processes';
import { createBenchDatabase } from './bench-database';
import type { Product } from './product';

/** The product's PostgreSQL pool (src/server/db/client.ts): files the server may open besides sockets. */
const DATABASE_POOL = 20;

/** Sockets a running server may still accept: its open-file limit less what it holds and will hold. */
export function socketsServerMayHold(pid: number): number {
  const limit = fileLimitOf(pid) ?? Number.POSITIVE_INFINITY;
  return limit - (openFilesOf(pid) ?? 0) - DATABASE_POOL - 32;
}

export class ProductCluster {
  readonly instances: ServerProcess[] = [];

  private constructor(
    private readonly cleanup: Cleanup,
    /** What every instance shares: the database, the secrets, Redis. */
    private readonly shared: Record<string, string>,
    private readonly fileLimit: number | undefined,
    /** The first instance, with the app's database code for the set-up. */
    readonly product: Product,
  ) {}

  /** A fresh database and the first instance on it, with REDIS_URL = `redisUrl`. */
  static async start(
    cleanup: Cleanup,
    admin: string,
    options: { redisUrl: string; fileLimit?: number },
  ): Promise<ProductCluster> {
    const benchDb = await createBenchDatabase(admin);
    cleanup.add(() => benchDb.drop());
    const adminEmail = 'bench-admin@bench.invalid';
    const shared = {
      DATABASE_URL: benchDb.url,
      REDIS_URL: options.redisUrl,
      // One secret and admin for all, as instances of one product have.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    };
    const first = await ProductCluster.launch(cleanup, 'product 1', shared, options.fileLimit);
    const database = await openDatabase({ url: benchDb.url });
    cleanup.add(() => database.close());
    // The Redis keys of the live ticker are named by match (`matchday:tick:<id>:…`), and the product has
    // no prefix setting: a match id of its own keeps them apart from any other product sharing this Redis
    // (a fresh database would start at 1, as theirs do).
    await rows(
      database.db,
      sql`select setval(pg_get_serial_sequence('matches', 'id'), ${randomInt(1e6, 2e9)})`,
    );
    const product: Product = {
      server: first,
      databaseUrl: benchDb.url,
      database,
      adminEmail,
      profileDir: null,
      metricsToken: null,
    };
    const cluster = new ProductCluster(cleanup, shared, options.fileLimit, product);
    cluster.instances.push(first);
    return cluster;
  }

  /** One more instance on the same database and Redis. */
  async add(): Promise<ServerProcess> {
    const server = await ProductCluster.launch(
      this.cleanup,
      `product ${this.instances.length + 1}`,
      this.shared,
      this.fileLimit,
    );
    this.instances.push(server);
    return server;
  }

  private static async launch(
    cleanup: Cleanup,
    name: string,
    shared: Record<string, string>,
    fileLimit: number | undefined,
  ): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
    cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = await startServer({
      name,
      script: path.join(ROOT, 'src/server/main.ts'),
      port,
      ...(fileLimit ? { fileLimit } : {}),
      env: productEnv(port, dataDir, shared),
    });
    cleanup.add(() => server.stop());
    return server;
  }
}
