/**
 * The page's load on a weak mobile connection, in Chromium: the built product (`node dist/server/main.js`,
 * embedded database) serves `/` to a visitor and to a signed-in fan during a live match, over Chromium's
 * network emulation (CDP `Network.emulateNetworkConditions`: 400 kbit/s each way, 400 ms latency). Each
 * run times, from the navigation's start (the document's time origin) to the first frame where the
 * first rating control is visible:
 *
 * - cold: a new browser context (no service worker, empty cache) with `Network.setCacheDisabled`;
 * - warm: then a new tab in the same context once the service worker is active, as a fan coming back.
 *
 * A fan's rating control is the first `[data-rating-control]`, else the first button of the page's main
 * area named "1" or "Rate <player> 1". A visitor has nothing to rate: their first control is the sign-in
 * form's e-mail field.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '../../src/server/lib/sessions';
import { type Cleanup, childEnv, freePort, ROOT, startServer } from '../../tests/support/processes';
import { Admin } from '../../tests/support/simulator-admin';
import { Api, CallLog } from '../../tests/support/simulator-calls';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A weak 4G cell in a full stadium. */
export const NETWORK = { kbitPerSecond: 400, latencyMs: 400 };
export const TARGET_COLD_MS = 1_500;
export const TARGET_WARM_MS = 500;

/**
 * A fan (their first rating key), a signed-out visitor on the home (the sign-in form's e-mail field), or
 * a signed-out visitor on another screen (its main heading).
 */
export type Visitor = 'signed-out' | 'fan' | 'screen';

export interface Load {
  /** Navigation start to the first rating control visible. */
  ms: number;
  /** Bytes over the wire (headers and encoded bodies) until then, and the requests made. */
  bytes: number;
  requests: number;
}

export interface Visit {
  cold: Load;
  warm: Load;
}

/**
 * In the page: the time of the first frame where the first control is visible, or false. No named
 * function inside: tsx would wrap it in a helper the page does not have.
 */
function firstControlVisibleAt(visitor: Visitor): number | false {
  let control: Element | null | undefined = null;
  if (visitor === 'fan') {
    control = document.querySelector('[data-rating-control]');
    if (!control) {
      const area = document.getElementById('rate-players') ?? document.querySelector('main') ?? document;
      control = [...area.querySelectorAll('button')].find((button) => {
        const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
        return name === '1' || /^Rate .+ 1$/.test(name);
      });
    }
  } else if (visitor === 'signed-out') {
    control = document.querySelector('main input[type="email"]');
  } else {
    control = document.querySelector('main h1');
  }
  if (!control) return false;
  const box = control.getBoundingClientRect();
  const shown = box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden';
  return shown ? performance.now() : false;
}

const CONDITIONS = {
  offline: false,
  latency: NETWORK.latencyMs,
  downloadThroughput: (NETWORK.kbitPerSecond * 1000) / 8,
  uploadThroughput: (NETWORK.kbitPerSecond * 1000) / 8,
};

/** What went over the network while `on`: bytes from every session counted, requests from the page's. */
class Traffic {
  on = false;
  bytes = 0;
  requests = 0;
}

async function emulate(page: Page, cacheDisabled: boolean, traffic: Traffic): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', CONDITIONS);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  cdp.on('Network.loadingFinished', (event) => {
    if (traffic.on) traffic.bytes += event.encodedDataLength;
  });
  cdp.on('Network.requestWillBeSent', () => {
    if (traffic.on) traffic.requests += 1;
  });
}

/**
 * The page's emulation does not reach its service worker, whose own fetches (the navigation, network
 * first, and the API reads) would go at full speed: the worker gets the same conditions, through a
 * session of its own (attached unflattened, since Playwright has no session for workers).
 */
async function emulateWorkers(
  browser: Browser,
  base: string,
  traffic: Traffic,
): Promise<() => Promise<void>> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const workers = targetInfos.filter((t) => t.type === 'service_worker' && t.url.startsWith(`${base}/`));
  let id = 0;
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { method?: string; params?: { encodedDataLength?: number } };
    if (traffic.on && message.method === 'Network.loadingFinished')
      traffic.bytes += message.params?.encodedDataLength ?? 0;
  });
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    for (const [method, params] of [
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', CONDITIONS],
    ] as const) {
      id += 1;
      await cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    }
  }
  return () => cdp.detach();
}

async function timedLoad(page: Page, url: string, visitor: Visitor, traffic: Traffic, timeoutMs: number) {
  traffic.on = true;
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  const handle = await page.waitForFunction(firstControlVisibleAt, visitor, {
    polling: 'raf',
    timeout: timeoutMs,
  });
  const ms = Number(await handle.jsonValue());
  traffic.on = false;
  return { ms, bytes: traffic.bytes, requests: traffic.requests };
}

/** One cold and one warm load of `/` in a context of their own. */
export async function visit(
  browser: Browser,
  base: string,
  visitor: Visitor,
  fanToken: string | null,
  options: { timeoutMs: number; identity?: boolean; path?: string },
): Promise<Visit> {
  const url = `${base}${options.path ?? '/'}`;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    // Only to measure what the page cost before it was sent compressed.
    ...(options.identity ? { extraHTTPHeaders: { 'Accept-Encoding': 'identity' } } : {}),
  });
  try {
    if (fanToken) await context.addCookies([{ name: SESSION_COOKIE, value: fanToken, url: base }]);
    const first = await context.newPage();
    const coldTraffic = new Traffic();
    await emulate(first, true, coldTraffic);
    const cold = await timedLoad(first, url, visitor, coldTraffic, options.timeoutMs);
    // A returning fan has the worker installed (the shell precached) and the HTTP cache of the last visit.
    const workerReady = await first.evaluate(
      (waitMs) =>
        Promise.race([
          navigator.serviceWorker.ready.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs)),
        ]),
      options.timeoutMs,
    );
    if (!workerReady)
      console.warn(`${visitor}: the service worker was not active in time; warm load without it`);
    await first.close();
    const warmTraffic = new Traffic();
    const release = await emulateWorkers(browser, base, warmTraffic);
    try {
      const second = await context.newPage();
      await emulate(second, false, warmTraffic);
      const warm = await timedLoad(second, url, visitor, warmTraffic, options.timeoutMs);
      return { cold, warm };
    } finally {
      await release();
    }
  } finally {
    await context.close();
  }
}

export interface Site {
  base: string;
  fanToken: string;
  /** The server's last output, for a failure. */
  output(): string;
}

/** The built product on an embedded database of its own, a live match and one fan who gave consent. */
export async function startSite(cleanup: Cleanup): Promise<Site> {
  const entry = path.join(ROOT, 'dist/server/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-page-'));
  cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const adminEmail = 'page-bench@bench.invalid';
  const adminPassword = randomBytes(12).toString('hex');
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({
    name: 'product (built)',
    script: entry,
    port,
    timeoutMs: 120_000,
    env: childEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      // The fan is signed up through the test-only fast path (loopback only).
      SIMULATION: '1',
    }),
  });
  cleanup.add(() => server.stop());

  const api = new Api(new URL(base), 2, new CallLog(), { timeoutMs: 60_000, attempts: 1 });
  cleanup.add(() => api.close());
  const admin = await Admin.signIn(api, adminEmail, adminPassword);
  await admin.startMatch('Page Bench FC');
  const [fan] = await admin.signUpFans(`page-${randomBytes(4).toString('hex')}`, 1);
  if (!fan) throw new Error('no fan was signed up');
  const consent = await api.send('PATCH', `/api/user/${fan.id}/consent`, {
    cookie: `${SESSION_COOKIE}=${fan.token}`,
    body: { consentGiven: true, geolocationConsent: false },
  });
  if (consent.status !== 200) throw new Error(`consent: ${consent.status} ${consent.body.toString()}`);
  return { base, fanToken: fan.token, output: () => server.output() };
}

export async function launchChromium(cleanup: Cleanup): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  cleanup.add(() => browser.close());
  return browser;
}
