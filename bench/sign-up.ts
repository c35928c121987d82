/**
 * Figure 19: with mail configured (a loopback SMTP server, tests/support/mailCatcher),
 * how long the sign-up form takes to answer for an address that has an account and for one that has
 * none: 50 of each, alternating, through the real server's pages. The answers say nothing apart;
 * their times must not either.
 */
import { startMailCatcher } from '../tests/support/mailCatcher';
import { authorizeUrl, httpTo, OidcBrowser, pkce } from '../tests/api/oidc-browser';
import { startServer } from './lib/server';
import { median, ms } from './lib/stats';
import type { Row } from './lib/table';

const TRIES = 50;
/** The origin the test helpers' sign-in requests name (tests/api/oidc-browser.ts). */
const PUBLIC_URL = 'http://localhost:8787';

export async function signUpFigures(): Promise<Row[]> {
  const mail = await startMailCatcher();
  const server = await startServer({ seed: false, env: { SMTP_URL: mail.url, PUBLIC_URL, RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' } });
  try {
    const http = httpTo(server.baseURL);
    const signUpTime = async (email: string) => {
      const browser = new OidcBrowser(http);
      const interaction = String((await browser.request('GET', authorizeUrl(pkce().challenge))).headers.location);
      const started = performance.now();
      const answer = await browser.request('POST', `${interaction}/signup`, {
        name: 'Timing',
        email,
        password: 'a long timing passphrase 7',
      });
      const elapsed = performance.now() - started;
      if (answer.statusCode !== 200) throw new Error(`sign-up answered ${answer.statusCode}`);
      return elapsed;
    };
    // The known address: made through its own mailed link first.
    await signUpTime('known@example.com');
    const link = /\/oidc\/finish-sign-up\/[A-Za-z0-9_-]{43}/.exec((await mail.next()).text)![0];
    await new OidcBrowser(http).request('GET', link);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < TRIES; i += 1) {
      known.push(await signUpTime('known@example.com'));
      unknown.push(await signUpTime(`new-${i}@example.com`));
    }
    const difference = Math.abs(median(known) - median(unknown));
    return [
      {
        n: '19',
        figure: `Sign-up answer, an address with an account vs a new one (${TRIES} each, mail configured)`,
        value: `median ${ms(median(known))} vs ${ms(median(unknown))}: ${ms(difference)} apart`,
        goal: '≤ 5 ms apart',
        anchor: "audit, before: 409 'An account with this e-mail already exists.'",
        pass: difference <= 5,
      },
    ];
  } finally {
    await server.stop();
    await mail.close();
  }
}
