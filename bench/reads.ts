/**
 * `reads`: the leaderboard, match stats and available-players calls of a fan who voted, through the whole
 * product on PostgreSQL, against its anchor: a bare `node:http` server in the same kind of process
 * answering the same paths with the bytes and headers the product gave, from memory
 * (bench/lib/bare-server.ts). Same cookie sent, same concurrency, runs alternating between the two servers.
 *
 *   npm run bench -- reads [--duration 5] [--warmup 1] [--concurrency 64] [--fans 200] [--smoke] [--profile]
 *                          [--database-url URL]
 *
 * The overall rate is the harmonic mean of the three (an equal mix of the calls); `ratio_node_http` is
 * the product's overall rate over the anchor's (`node_http_rate`), null with `ratio_refused` when the
 * machine was busy before the run (bench/lib/anchor.ts). `ratio` and `bare_rate` are the same figures
 * under their former names. Writes bench/results/reads.json.
 */
import { DEFAULT_SHIELD_RULES } from '../src/shared/shield';
import { HttpPool } from '../tests/support/http-client';
import { harmonicMean, round } from '../tests/support/stats';
import {
  machineBefore,
  machineFigures,
  ratioCell,
  ratioFields,
  ratioVerdict,
  reportable,
  targetMet,
} from './lib/anchor';
import { compareWithBare, printComparison, readCalls } from './lib/bare-comparison';
import { runCount } from './lib/load';
import { api, pairCount, ratingViaApi } from './lib/product';
import { fmtRate, printMachine, runFigures, writeResults } from './lib/report';
import { ServerBench } from './lib/server-bench';

const TARGET_RATIO = 0.8;

const bench = new ServerBench({ fans: 200 });
const { options, cleanup } = bench;

async function main(): Promise<number> {
  printMachine();
  const machine = await machineBefore();
  const { product, day } = await bench.startMatchDay();
  const server = product.server;
  const productPool = new HttpPool('127.0.0.1', server.port, options.concurrency);
  cleanup.add(() => productPool.close());

  // The crowd is a script (every rating at once, the reader's all 1s), which the shield rightly holds back
  // a moment after the vote, changing the figures under the comparison: this bench measures reads alone.
  const shieldOff = await api(server, 'PUT', '/api/admin/shield/rules', day.admin.cookie, {
    ...DEFAULT_SHIELD_RULES,
    enabled: false,
  });
  if (shieldOff.status !== 200) throw new Error(`shield rules: ${shieldOff.status}`);

  // A played match: every fan rated every player, and the reading fan voted (the leaderboard needs it).
  const primed = await runCount(pairCount(day), options.concurrency, ratingViaApi(productPool, server, day));
  if (primed.errors > 0) throw new Error(`ratings refused: ${JSON.stringify(primed.codes)}`);
  const reader = day.fans[0];
  const motm = day.available[0];
  if (!reader || !motm) throw new Error('no fan or player');
  const vote = await api(server, 'POST', '/api/user-votes', reader.cookie, {
    userId: reader.id,
    matchId: day.matchId,
    motmPlayerId: motm.id,
  });
  if (vote.status !== 201) throw new Error(`vote: ${vote.status} ${JSON.stringify(vote.body)}`);

  const headers = { Cookie: reader.cookie };
  const calls = await readCalls(
    productPool,
    server.host,
    [
      ['leaderboard', '/api/leaderboard/match/:matchId', `/api/leaderboard/match/${day.matchId}`],
      ['match stats', '/api/stats/match/:matchId', `/api/stats/match/${day.matchId}`],
      ['available players', '/api/players/available-for-rating', '/api/players/available-for-rating'],
    ],
    headers,
  );
  const results = await compareWithBare({ calls, productPool, product: server, options, cleanup, headers });

  const productRate = harmonicMean(results.map((r) => r.product.rate));
  const bareRate = harmonicMean(results.map((r) => r.bare.rate));
  const ratio = productRate / bareRate;
  printComparison(results, {
    extraRows: [
      [
        'overall (harmonic mean)',
        '',
        fmtRate(productRate),
        fmtRate(bareRate),
        ratioCell(machine, ratio),
        '',
        '',
        '',
        '',
      ],
    ],
    nameWidth: 18,
    machine,
  });
  const verdict = ratioVerdict(machine, 'ratio product / node:http', ratio, { atLeast: TARGET_RATIO });
  console.log();
  console.log(
    `anchor (bare node:http): ${fmtRate(bareRate)} overall; product: ${fmtRate(productRate)} overall`,
  );
  console.log(verdict.line);

  const errors = results.reduce((sum, r) => sum + r.product.errors + r.bare.errors, 0);
  const file = writeResults('reads', {
    smoke: options.smoke ? 1 : 0,
    ...machineFigures(machine),
    ...ratioFields(machine, { ratio_node_http: ratio, ratio }),
    product_rate: round(productRate, 1),
    node_http_rate: round(bareRate, 1),
    bare_rate: round(bareRate, 1),
    anchor: 'node:http',
    errors,
    target_ratio: TARGET_RATIO,
    target_met: targetMet(verdict.met),
    settings: {
      concurrency: options.concurrency,
      fans: day.fans.length,
      warmup_s: options.warmup,
      duration_s: options.duration,
    },
    calls: Object.fromEntries(
      results.map(({ call, product: p, bare: b }) => [
        call.path.replace(/\/\d+$/, '/:matchId'),
        {
          bytes: call.body.length,
          ratio_node_http: reportable(machine, p.rate / b.rate),
          ratio: reportable(machine, p.rate / b.rate),
          product: runFigures(p),
          bare: runFigures(b),
        },
      ]),
    ),
  });
  console.log(`wrote ${file}`);
  return errors > 0 ? 1 : 0;
}

bench.run(main);
