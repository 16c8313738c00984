import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import type { AccountExport } from '../../src/shared/account';
import type { Player } from '../../src/shared/players';
import type { AdminPushSummary, PushPayload, PushTopics } from '../../src/shared/push';
import { expect, expectAccessible, isPhone, OPEN_DIALOG, test, watchConsoleErrors } from './support/fixtures';
import { closeWithEscape, smallTouchTargets } from './support/keyboard';
import { apiFan, type E2EApiFan, startMatchAsAdmin } from './support/match-day';
import { controlledByServiceWorker } from './support/pwa';
import type { E2EServer } from './support/servers';

/**
 * Web Push for fans (issue 19): the offer after the first vote, the account dialog's settings, the
 * server's real (encrypted) push for a match event, the notification the service worker shows for it,
 * and a tap on it opening the match.
 *
 * Chromium here has no internet, so no real push service: the e2e server sends to a stand-in one
 * (start-server.ts, PUSH_SERVICES), which makes the subscriptions and decrypts what it receives, and
 * the page's PushManager is replaced with one answering with such a subscription. The notification
 * permission is granted to the context, but reads 'default' until the page asks for it, so the prompt
 * is exercised as a fan meets it; every ask records whether it came from a tap.
 */

// The other specs block service workers (playwright.config.ts); notifications need one.
test.use({ serviceWorkers: 'allow' });

const OFFER = 'Notify me when voting opens';

interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A subscription the stand-in push service accepts pushes for, as PushSubscription.toJSON() gives it. */
async function newSubscription(server: E2EServer): Promise<SubscriptionJson> {
  const answer = await fetch(`http://127.0.0.1:${server.pushPort}/subscribe`, { method: 'POST' });
  expect(answer.ok).toBe(true);
  return (await answer.json()) as SubscriptionJson;
}

/** What the stand-in push service received for the subscription and decrypted, oldest first. */
async function received(server: E2EServer, endpoint: string) {
  const answer = await fetch(
    `http://127.0.0.1:${server.pushPort}/received?endpoint=${encodeURIComponent(endpoint)}`,
  );
  return (await answer.json()) as { json: unknown; ttl?: number; urgency?: string; topic?: string }[];
}

/**
 * The page's PushManager answering with `subscription` (kept across loads in localStorage), and the
 * notification permission reading 'default' until the page asks (the context grants it).
 */
async function fakePush(context: BrowserContext, subscription: SubscriptionJson) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript((sub) => {
    // Only the site's own pages (a sandboxed banner frame has no storage).
    try {
      if (!window.localStorage) return;
    } catch {
      return;
    }
    const SUBSCRIBED = 'e2e_push_subscribed';
    const ASKS = 'e2e_permission_asks';
    const MODE = 'e2e_push_mode';
    const mode = localStorage.getItem(MODE);
    if (mode === 'unsupported') {
      delete (window as { PushManager?: unknown }).PushManager;
      return;
    }
    const realPermission = Object.getOwnPropertyDescriptor(Notification, 'permission')?.get;
    Object.defineProperty(Notification, 'permission', {
      configurable: true,
      get: () =>
        mode === 'denied'
          ? 'denied'
          : localStorage.getItem(ASKS)
            ? (realPermission?.call(Notification) ?? 'default')
            : 'default',
    });
    const request = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      const asks = JSON.parse(localStorage.getItem(ASKS) ?? '[]') as boolean[];
      localStorage.setItem(ASKS, JSON.stringify([...asks, navigator.userActivation.isActive]));
      return request();
    };
    const make = () =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => sub,
        unsubscribe: async () => {
          localStorage.removeItem(SUBSCRIBED);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey;
      const bytes =
        key instanceof ArrayBuffer ? key.byteLength : ArrayBuffer.isView(key) ? key.byteLength : 0;
      localStorage.setItem(
        SUBSCRIBED,
        JSON.stringify({ userVisibleOnly: options?.userVisibleOnly === true, keyBytes: bytes }),
      );
      return make();
    };
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(SUBSCRIBED) ? make() : null);
  }, subscription);
}

const permissionAsks = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('e2e_permission_asks') ?? '[]') as boolean[]);

const subscribeOptions = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('e2e_push_subscribed') ?? 'null') as {
        userVisibleOnly: boolean;
        keyBytes: number;
      } | null,
  );

async function exportOf(page: Page, userId: string): Promise<AccountExport> {
  const answer = await page.request.get(`/api/user/${userId}/export`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as AccountExport;
}

/** The fan's one subscription, as the data export lists it, reaches these topics (saved in the background). */
async function expectExportedTopics(page: Page, userId: string, topics: PushTopics): Promise<void> {
  await expect(async () => {
    expect((await exportOf(page, userId)).pushSubscriptions).toEqual([expect.objectContaining({ topics })]);
  }).toPass({ timeout: 10_000 });
}

async function openAs(page: Page, fan: E2EApiFan) {
  await page.context().addCookies((await fan.api.storageState()).cookies);
  await page.goto('/');
  // A page the worker controls: one a tapped notification can navigate.
  await controlledByServiceWorker(page);
}

/** Nothing under 44x44 CSS px (but the known exceptions) on a phone. */
async function expectTouchTargets(page: Page, context: string) {
  const { small } = await smallTouchTargets(page);
  expect(
    small.filter((target) => !target.exception),
    `targets under 44x44 CSS px on ${context}`,
  ).toEqual([]);
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  const found = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  return found ?? (await context.waitForEvent('serviceworker'));
}

async function accountDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Your account/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('after the first vote a fan turns notifications on; the match ending sends one, the admin reads it, and a tap opens the match', async ({
  browser,
  page,
  context,
  server,
  uniqueEmail,
}, testInfo) => {
  const phone = isPhone(testInfo);
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Brentford');
  const admin = live.admin;
  try {
    const [star] = live.starters as [Player];
    const fan = await apiFan(server, uniqueEmail());
    const subscription = await newSubscription(server);
    await fakePush(context, subscription);
    await openAs(page, fan);
    await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();

    // Nothing is offered, nor asked, before the vote.
    const offer = page.getByRole('region', { name: OFFER });
    await expect(page.getByRole('region', { name: 'Voting Progress' })).toBeVisible();
    await expect(offer).toHaveCount(0);

    for (const player of live.available) {
      const key = page.getByRole('button', { name: `Rate ${player.name} 7`, exact: true });
      await key.click();
      await expect(key).toHaveAttribute('aria-pressed', 'true');
    }
    await page.getByRole('button', { name: `Select as MOTM: ${star.name}`, exact: true }).click();
    await page
      .getByRole('region', { name: 'Voting Progress' })
      .getByRole('button', { name: 'Submit Vote' })
      .click();

    // With the results: the offer, its choices (voting opens and the results by default), no prompt yet.
    await expect(page.locator('#motm-card').getByText(star.name).first()).toBeVisible();
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('heading', { name: OFFER })).toBeVisible();
    const votingOpens = offer.getByRole('checkbox', { name: 'Voting opens' });
    const halfTime = offer.getByRole('checkbox', { name: 'Half-time score' });
    const results = offer.getByRole('checkbox', { name: 'Results are in' });
    await expect(votingOpens).toBeChecked();
    await expect(halfTime).not.toBeChecked();
    await expect(results).toBeChecked();
    expect(await permissionAsks(page)).toEqual([]);
    await expectAccessible(page, `${testInfo.project.name}: the offer`);
    if (phone) await expectTouchTargets(page, 'the offer');
    await offer.scrollIntoViewIfNeeded();
    await offer.screenshot({ path: testInfo.outputPath('offer.png') });
    await page.screenshot({ path: testInfo.outputPath('offer-screen.png') });

    // The label row is the touch target: a tap on the words ticks the box.
    await offer.getByText('Half-time score').click();
    await expect(halfTime).toBeChecked();
    await offer.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByText('Notifications are on', { exact: true }).first()).toBeVisible();
    await expect(offer).toHaveCount(0);

    // One prompt, from the tap; a subscription for userVisibleOnly with the server's 65-byte P-256 key.
    expect(await permissionAsks(page)).toEqual([true]);
    expect(await subscribeOptions(page)).toEqual({ userVisibleOnly: true, keyBytes: 65 });
    const pushService = new URL(subscription.endpoint).origin;
    expect((await exportOf(page, fan.userId)).pushSubscriptions).toEqual([
      expect.objectContaining({
        pushService,
        topics: { votingOpens: true, halfTime: true, results: true },
      }),
    ]);
    const summary = (await (await admin.get('/api/admin/push')).json()) as AdminPushSummary;
    expect(summary.subscribers).toBeGreaterThanOrEqual(1);
    expect(summary.byTopic.halfTime).toBeGreaterThanOrEqual(1);

    // Answered: not offered again.
    await page.reload();
    await expect(page.locator('#motm-card').getByText(star.name).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(offer).toHaveCount(0);

    // In Arabic, right to left: another fan, who voted through the API, gets the offer in their language.
    const arabicFan = await apiFan(server, uniqueEmail());
    for (const player of live.available)
      expect(
        (
          await arabicFan.api.post('/api/ratings', {
            data: { userId: arabicFan.userId, playerId: player.id, matchId: live.match.id, rating: 8 },
          })
        ).ok(),
      ).toBe(true);
    expect(
      (
        await arabicFan.api.post('/api/user-votes', {
          data: { userId: arabicFan.userId, matchId: live.match.id, motmPlayerId: star.id },
        })
      ).ok(),
    ).toBe(true);
    expect((await arabicFan.api.put('/api/account/locale', { data: { locale: 'ar' } })).ok()).toBe(true);
    const arabicContext = await browser.newContext({
      baseURL: `http://127.0.0.1:${server.port}`,
      viewport: page.viewportSize(),
      locale: 'ar',
      serviceWorkers: 'allow',
      storageState: await arabicFan.api.storageState(),
    });
    try {
      const arabicPage = await arabicContext.newPage();
      const arabicErrors = watchConsoleErrors(arabicPage);
      await arabicPage.goto('/');
      await controlledByServiceWorker(arabicPage);
      await expect(arabicPage.locator('html')).toHaveAttribute('dir', 'rtl');
      const arabicOffer = arabicPage.getByRole('region', { name: 'نبّهني عند فتح التصويت' });
      await expect(arabicOffer.getByRole('button', { name: 'تفعيل الإشعارات' })).toBeVisible();
      await expect(arabicOffer.getByRole('checkbox', { name: 'يُفتح التصويت' })).toBeChecked();
      await expect(arabicOffer.getByRole('button', { name: 'ليس الآن' })).toBeVisible();
      await expectAccessible(arabicPage, `${testInfo.project.name}: the offer in Arabic`);
      await arabicOffer.scrollIntoViewIfNeeded();
      await arabicOffer.screenshot({ path: testInfo.outputPath('offer-ar.png') });
      // "Not now" is kept on the device: gone, and not offered again.
      await arabicOffer.getByRole('button', { name: 'ليس الآن' }).click();
      await expect(arabicOffer).toHaveCount(0);
      await arabicPage.reload();
      await expect(arabicPage.locator('#motm-card')).toBeVisible();
      await arabicPage.waitForLoadState('networkidle');
      await expect(arabicOffer).toHaveCount(0);
      expect(arabicErrors(), 'console errors on the Arabic page').toEqual([]);
    } finally {
      await arabicContext.close();
      await arabicFan.api.dispose();
    }

    // The match ends: the server sends "results are in" to the push service, encrypted for this browser.
    expect((await admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } })).status()).toBe(
      200,
    );
    let delivered: { json: unknown; ttl?: number; urgency?: string; topic?: string } | undefined;
    await expect(async () => {
      delivered = (await received(server, subscription.endpoint)).find(
        (d) => (d.json as PushPayload | undefined)?.url === `/matches/${live.match.id}`,
      );
      expect(delivered).toBeTruthy();
    }).toPass({ timeout: 30_000 });
    const payload = delivered?.json as PushPayload;
    expect(payload).toMatchObject({ tag: `match-${live.match.id}`, url: `/matches/${live.match.id}` });
    expect(payload.title).toContain(live.match.title);
    expect(delivered?.topic).toBe(`match-${live.match.id}`);

    // The admin reads the send: for this match, to every subscription, none left to send.
    await expect(async () => {
      const last = ((await (await admin.get('/api/admin/push')).json()) as AdminPushSummary).lastSend;
      expect(last).toMatchObject({ event: 'ended', matchId: live.match.id, pending: 0 });
      expect(last?.sent).toBeGreaterThanOrEqual(1);
    }).toPass({ timeout: 30_000 });

    // The admin's card on the Match Control tab, under the match: subscribers, and this send.
    const adminContext = await browser.newContext({
      baseURL: `http://127.0.0.1:${server.port}`,
      viewport: page.viewportSize(),
      serviceWorkers: 'block',
      storageState: await admin.storageState(),
    });
    try {
      const adminPage = await adminContext.newPage();
      const adminErrors = watchConsoleErrors(adminPage);
      await adminPage.goto('/admin');
      const card = adminPage.getByRole('region', { name: 'Match notifications' });
      await expect(card.getByText(`Results · ${live.match.title}`)).toBeVisible();
      await expect(card.getByText(/^\d+ fans?$/)).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Devices per notification' })).toBeVisible();
      await expect(card.getByRole('term').filter({ hasText: 'Pending' })).toBeVisible();
      await expectAccessible(adminPage, `${testInfo.project.name}: the admin's notifications card`);
      await card.screenshot({ path: testInfo.outputPath('admin-card.png') });
      expect(adminErrors(), 'console errors on the admin page').toEqual([]);
    } finally {
      await adminContext.close();
    }

    // The worker shows that very payload: the server's words, the club's icon, the match's tag.
    const worker = await serviceWorker(context);
    await worker.evaluate(async (data) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const PushEventClass = (
        globalThis as unknown as { PushEvent: new (type: string, init: object) => Event }
      ).PushEvent;
      for (const old of await scope.registration.getNotifications()) old.close();
      scope.dispatchEvent(new PushEventClass('push', { data }));
    }, JSON.stringify(payload));
    // Shown when the worker's showNotification settles: awaited as a state, however busy the machine.
    const shownNotifications = () =>
      worker.evaluate(async () =>
        (
          await (
            self as unknown as { registration: ServiceWorkerRegistration }
          ).registration.getNotifications()
        ).map((n) => ({ title: n.title, body: n.body, icon: n.icon, tag: n.tag, data: n.data as unknown })),
      );
    await expect.poll(shownNotifications).toEqual([
      {
        title: payload.title,
        body: payload.body,
        icon: `http://127.0.0.1:${server.port}/icons/icon-192.png`,
        tag: `match-${live.match.id}`,
        data: { url: `/matches/${live.match.id}` },
      },
    ]);

    // A tap: the notification closes and the open page goes to the match.
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const NotificationEventClass = (
        globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }
      ).NotificationEvent;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`/matches/${live.match.id}$`));
    await expect.poll(shownNotifications).toEqual([]);
    await fan.api.dispose();
  } finally {
    await live.admin.dispose();
  }
});

test('in the account dialog a fan turns notifications on, changes what for, and turns them off; in Arabic too', async ({
  page,
  context,
  server,
  uniqueEmail,
}, testInfo) => {
  const fan = await apiFan(server, uniqueEmail());
  const subscription = await newSubscription(server);
  await fakePush(context, subscription);
  await openAs(page, fan);

  const dialog = await accountDialog(page);
  const section = dialog.getByRole('region', { name: OFFER });
  await expect(section).toBeVisible();
  await expect(section.getByText('Off for this device')).toBeVisible();
  const halfTime = section.getByRole('checkbox', { name: 'Half-time score' });
  const votingOpens = section.getByRole('checkbox', { name: 'Voting opens' });
  const results = section.getByRole('checkbox', { name: 'Results are in' });
  await expect(votingOpens).toBeChecked();
  await expect(results).toBeChecked();
  await expectAccessible(page, `${testInfo.project.name}: account dialog, notifications off`, {
    within: OPEN_DIALOG,
  });
  if (isPhone(testInfo)) await expectTouchTargets(page, 'account dialog');

  // On: asked once, from the tap; the server keeps the subscription with the default topics.
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByText('On for this device')).toBeVisible();
  expect(await permissionAsks(page)).toEqual([true]);
  expect((await exportOf(page, fan.userId)).pushSubscriptions).toEqual([
    expect.objectContaining({ topics: { votingOpens: true, halfTime: false, results: true } }),
  ]);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: testInfo.outputPath('dialog-on.png') });
  await page.screenshot({ path: testInfo.outputPath('dialog-on-screen.png') });

  // A change of topics is saved at once, on the same subscription, without asking again.
  await halfTime.click();
  await expect(section.getByText('Saved.')).toBeVisible();
  await expect(halfTime).toBeChecked();
  await expectExportedTopics(page, fan.userId, { votingOpens: true, halfTime: true, results: true });
  // Quick taps while a save is under way (its answer held back): the last one stays, since at least one
  // is needed (off is the button's), and that refusal is what the fan reads once the saves have landed.
  let releaseSave = () => {};
  const saveHeld = new Promise<void>((resolve) => {
    releaseSave = resolve;
  });
  await page.route('**/api/push/subscription', async (route) => {
    await saveHeld;
    await route.continue();
  });
  await votingOpens.click();
  await expect(votingOpens).not.toBeChecked();
  await halfTime.click();
  await expect(halfTime).not.toBeChecked();
  await results.click();
  await expect(section.getByText('Choose at least one notification.')).toBeVisible();
  releaseSave();
  await expectExportedTopics(page, fan.userId, { votingOpens: false, halfTime: false, results: true });
  await expect(section).toHaveAttribute('aria-busy', 'false');
  await expect(section.getByText('Choose at least one notification.')).toBeVisible();
  await expect(results).toBeChecked();
  await page.unroute('**/api/push/subscription');

  // Kept on this device: the dialog opened again shows the same.
  await closeWithEscape(page, dialog);
  await page.reload();
  await controlledByServiceWorker(page);
  const again = await accountDialog(page);
  const sectionAgain = again.getByRole('region', { name: OFFER });
  await expect(sectionAgain.getByText('On for this device')).toBeVisible();
  await expect(sectionAgain.getByRole('checkbox', { name: 'Results are in' })).toBeChecked();
  await expect(sectionAgain.getByRole('checkbox', { name: 'Voting opens' })).not.toBeChecked();

  // Off: the server forgets the subscription and the browser drops it.
  await sectionAgain.getByRole('button', { name: 'Turn off' }).click();
  await expect(sectionAgain.getByText('Off for this device')).toBeVisible();
  expect((await exportOf(page, fan.userId)).pushSubscriptions).toEqual([]);
  expect(await subscribeOptions(page)).toBeNull();
  expect(await permissionAsks(page)).toEqual([true]);

  // In Arabic, right to left (the page draws again in it: the dialog is opened again).
  await again.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  if (await again.isVisible()) await closeWithEscape(page, again);
  await page.getByRole('button', { name: /API Fan/ }).click();
  const arabic = page.getByRole('dialog').getByRole('region', { name: 'نبّهني عند فتح التصويت' });
  await expect(arabic).toBeVisible();
  await expect(arabic.getByRole('button', { name: 'تفعيل الإشعارات' })).toBeVisible();
  await expectAccessible(page, `${testInfo.project.name}: account dialog in Arabic`, { within: OPEN_DIALOG });
  await arabic.scrollIntoViewIfNeeded();
  await arabic.screenshot({ path: testInfo.outputPath('dialog-ar.png') });
  await page.screenshot({ path: testInfo.outputPath('dialog-ar-screen.png') });
  await fan.api.dispose();
});

test('where the browser cannot take notifications, or they are blocked, the dialog says so', async ({
  page,
  context,
  server,
  uniqueEmail,
}, testInfo) => {
  const fan = await apiFan(server, uniqueEmail());
  await fakePush(context, await newSubscription(server));
  await openAs(page, fan);

  for (const [mode, text] of [
    ['unsupported', /^This browser can’t show notifications from this site\. On an iPhone or iPad/],
    ['denied', /^Notifications are blocked for this site\. To allow them, open the site settings/],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('e2e_push_mode', value), mode);
    await page.reload();
    const dialog = await accountDialog(page);
    const section = dialog.getByRole('region', { name: OFFER });
    await expect(section.getByText(text)).toBeVisible();
    await expect(section.getByRole('button')).toHaveCount(0);
    await expect(section.getByRole('checkbox')).toHaveCount(0);
    await expectAccessible(page, `${testInfo.project.name}: account dialog, ${mode}`, {
      within: OPEN_DIALOG,
    });
    await section.screenshot({ path: testInfo.outputPath(`dialog-${mode}.png`) });
    await closeWithEscape(page, dialog);
  }
  expect(await permissionAsks(page)).toEqual([]);
  await fan.api.dispose();
});
