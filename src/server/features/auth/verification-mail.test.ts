import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, signUpBrowser, type TestContext } from '../../../../tests/server/test-app';

interface Received {
  from: string;
  to: string[];
  text: string;
  subject: string;
}

let smtp: SMTPServer;
let received: Received[] = [];
let t: TestContext;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, cb) => cb(null, { user: auth.username }),
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            text: mail.text ?? '',
            subject: mail.subject ?? '',
          });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestContext({
    env: { SMTP_URL: `smtp://matchday:secret@127.0.0.1:${port}`, MAIL_FROM: 'ratings@club.example' },
    mailer: 'real',
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('sends the verification mail over SMTP, and its link verifies the account', async () => {
  received = [];
  const email = 'smtp-fan@example.com';
  const browser = signUpBrowser();
  const register = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'long enough', name: 'Smtp Fan' },
    headers: browser,
  });
  expect(register.statusCode).toBe(201);
  expect(received).toHaveLength(1);
  const mail = received[0];
  expect(mail?.from).toBe('ratings@club.example');
  expect(mail?.to).toEqual([email]);
  expect(mail?.subject).toContain('Confirm your email');

  const link = mail?.text.match(/http:\/\/matchday\.test\/confirm\?token=\S+/)?.[0];
  expect(link).toBeDefined();
  const token = new URL(link ?? '').searchParams.get('token');
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm',
    payload: { token },
    headers: browser,
  });
  expect(confirm.statusCode).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'long enough' },
  });
  expect(login.statusCode).toBe(200);
});

it('answers 503 and keeps nothing when the mail server refuses the message', async () => {
  const refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo: (_address, _session, cb) => cb(new Error('mailbox unavailable')),
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const { port } = refusing.server.address() as AddressInfo;
  const ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, mailer: 'real' });
  try {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'bounce@example.com', password: 'long enough', name: 'Bounce' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/could not send the verification email/);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bounce@example.com', password: 'long enough' },
    });
    expect(again.statusCode).toBe(401);
  } finally {
    await ctx.close();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  }
});
