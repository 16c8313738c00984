/** A fresh PostgreSQL database per benchmark run, dropped at the end. */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The admin URL: --database-url, BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local default. */
export function adminUrl(option?: string): string {
  return (
    option ||
    process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/test'
  );
}

export async function createBenchDatabase(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `matchday_bench_${randomBytes(4).toString('hex')}`;
  const client = postgres(admin, { max: 1, onnotice: () => {} });
  try {
    await client.unsafe(`create database "${name}"`);
  } finally {
    await client.end({ timeout: 5 });
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = postgres(admin, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
