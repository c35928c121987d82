import type { CreatorPage } from '@core/contract';
import { db } from './db';

export async function storedCreator(handle: string): Promise<CreatorPage | null> {
  return (await db.creators.get(handle)) ?? null;
}

export async function saveCreator(page: CreatorPage): Promise<void> {
  await db.creators.put(page);
}

export async function forgetCreator(handle: string): Promise<void> {
  await db.creators.delete(handle);
}
