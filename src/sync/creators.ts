import { getCreatorPage } from '../api/discovery';
import { ApiError } from '../api/errors';
import { forgetCreator, saveCreator } from '../db/creators';

/** Pulls a creator's page into Dexie (offline it shows from there); one the server does not know is forgotten. */
export async function pullCreator(handle: string): Promise<void> {
  try {
    await saveCreator(await getCreatorPage(handle));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) await forgetCreator(handle);
    throw error;
  }
}
