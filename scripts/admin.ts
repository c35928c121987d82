import { dbOptionsOf, loadConfig } from '../server/config';
import { openDb } from '../server/db/index';
import { migrateToLatest } from '../server/db/migrate';
import { findUsersByEmail, updateUser } from '../server/db/repositories/users';
import { AppError } from '../server/errors';
import { parsePlan } from '../server/services/users';

const USAGE = `Usage: npm run admin -- set-plan EMAIL PLAN
  PLAN is one of: free (shown as Free, stored as 'normal'), monthly, quarterly, yearly`;

/** `npm run admin -- set-plan EMAIL PLAN`: the operator's way to change a plan until checkout is wired. */
async function run(args: string[]): Promise<number> {
  const [command, email, planArg] = args;
  if (command !== 'set-plan' || !email || !planArg) {
    console.error(USAGE);
    return 2;
  }
  const plan = parsePlan(planArg);
  const config = loadConfig();
  const db = openDb(dbOptionsOf(config));
  try {
    await migrateToLatest(db);
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
