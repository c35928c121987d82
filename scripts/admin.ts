import { dbOptionsOf, loadConfig, type Config } from '../server/config';
import { openDb, type Db } from '../server/db/index';
import { migrateToLatest } from '../server/db/migrate';
import { findLocalAccountByEmail } from '../server/db/repositories/localAccounts';
import { findUsersByEmail, updateUser } from '../server/db/repositories/users';
import { AppError } from '../server/errors';
import { normalizeEmail } from '../server/idp/accounts';
import { issueLink, LINK_TTL_MS } from '../server/idp/oneTimeLinks';
import { parsePlan } from '../server/services/users';

const USAGE = `Usage: npm run admin -- set-plan EMAIL PLAN
       npm run admin -- reset-password EMAIL
  PLAN is one of: free (shown as Free, stored as 'normal'), monthly, quarterly, yearly
  reset-password prints a one-time link (30 minutes) that lets the account's owner choose a new password`;

/**
 * `npm run admin -- reset-password EMAIL`: without SMTP_URL no reset mail can go out, so the operator
 * makes the link and hands it to the person (they check who asks first: the link opens the account).
 */
async function resetPassword(config: Config, db: Db, email: string): Promise<number> {
  if (config.oidc.issuer) {
    console.error(`Accounts live at ${config.oidc.issuer} (OIDC_ISSUER): reset the password there.`);
    return 1;
  }
  const account = await findLocalAccountByEmail(db.kysely, normalizeEmail(email));
  if (!account) {
    console.error(`No account with the e-mail ${email}.`);
    return 1;
  }
  const link = await issueLink(db.kysely, config, account.id, 'reset_password');
  console.log(`One-time link for ${account.email} (works once, for ${LINK_TTL_MS.reset_password / 60_000} minutes):\n${link}`);
  return 0;
}

/** `npm run admin -- set-plan EMAIL PLAN`: the operator's way to change a plan until checkout is wired. */
async function run(args: string[]): Promise<number> {
  const [command, email, planArg] = args;
  const valid = (command === 'set-plan' && email && planArg) || (command === 'reset-password' && email && !planArg);
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = openDb(dbOptionsOf(config));
  try {
    await migrateToLatest(db);
    if (command === 'reset-password') return await resetPassword(config, db, email);
    const plan = parsePlan(planArg!);
    const users = await findUsersByEmail(db.kysely, email.trim());
    if (users.length === 0) {
      console.error(`No user with the e-mail ${email} has signed in yet. They need to sign in once first.`);
      return 1;
    }
    // One e-mail can belong to accounts at two identity providers; each is its own user, each gets the plan.
    for (const user of users) {
      await updateUser(db.kysely, user.id, { plan });
      console.log(`${user.email} (${user.issuer}) is now on the ${plan} plan.`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
}
