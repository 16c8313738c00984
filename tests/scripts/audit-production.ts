import { spawnSync } from 'node:child_process';

/**
 * `npm run audit`: no high or critical advisory in the production dependencies. Fails on one; when the
 * registry's advisory endpoint cannot be reached (some mirrors answer 405), says so plainly instead of
 * passing in silence or failing for a reason that is not ours.
 */
interface AuditJson {
  /** npm's shape when the endpoint itself failed. */
  message?: string;
  error?: { code?: string; summary?: string };
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
}

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: AuditJson;
try {
  report = JSON.parse(result.stdout || '{}') as AuditJson;
} catch {
  console.log(`npm audit: unreadable answer (exit ${result.status}): ${result.stderr.trim().slice(0, 300)}`);
  process.exit(1);
}

if (report.error || !report.metadata?.vulnerabilities) {
  const why = report.error?.summary || report.message;
  console.log(
    `npm audit: the advisory endpoint could not be reached from this machine (${why ?? 'no answer'}).`,
  );
  console.log('npm audit: not checked here; run `npm run audit` where the registry answers.');
  process.exit(0);
}

const counts = report.metadata.vulnerabilities;
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production dependencies): ${Object.entries(counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(', ')}`,
);
if (serious > 0) {
  for (const [name, item] of Object.entries(report.vulnerabilities ?? {}))
    if (item.severity === 'high' || item.severity === 'critical') console.log(`  ${item.severity}: ${name}`);
  process.exit(1);
}
