/** Reports of public cards, and the administrators' queue of the open ones. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Report } from '../schema';

export function findOpenReport(db: Kysely<Database>, imageId: string, reporterId: string): Promise<Report | undefined> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('image_id', '=', imageId)
    .where('reporter_id', '=', reporterId)
    .where('state', '=', 'open')
    .executeTakeFirst();
}

/** When each of the person's reports since `since` was made, oldest first. */
export async function reportTimesSince(db: Kysely<Database>, reporterId: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reports')
    .select('created_at')
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

export async function insertReport(
  db: Kysely<Database>,
  report: Pick<Report, 'image_id' | 'reporter_id' | 'reason' | 'details' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('reports')
    .values({ id: randomUUID(), ...report, state: 'open', resolved_at: null })
    .execute();
}

/** Open reports, oldest first, with what the queue shows of the card and of the people. */
export function openReports(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('reports')
    .innerJoin('images', 'images.id', 'reports.image_id')
    .leftJoin('users as owner', 'owner.id', 'images.owner_id')
    .leftJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .select([
      'reports.id',
      'reports.image_id',
      'reports.reason',
      'reports.details',
      'reports.created_at',
      'images.card_name',
      'images.is_public',
      'owner.handle as creator_handle',
      'reporter.handle as reporter_handle',
    ])
    .where('reports.state', '=', 'open')
    .orderBy('reports.created_at')
    .limit(limit)
    .execute();
}

/** Closes one open report (`id`) or every open report of a card (`imageId`); returns how many. */
export async function resolveReports(
  db: Kysely<Database>,
  which: { id: string } | { imageId: string },
  state: 'dismissed' | 'actioned',
): Promise<number> {
  let query = db.updateTable('reports').set({ state, resolved_at: new Date().toISOString() }).where('state', '=', 'open');
  query = 'id' in which ? query.where('id', '=', which.id) : query.where('image_id', '=', which.imageId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
