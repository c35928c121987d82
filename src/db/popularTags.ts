import { db } from './db';

/** The gallery's most used tags as last pulled (kept beside the lists: they are a list of tags). */
const tagsKey = (nsfw: boolean) => JSON.stringify(['tags', nsfw]);

export async function popularTags(nsfw: boolean): Promise<string[]> {
  return (await db.galleryLists.get(tagsKey(nsfw)))?.ids ?? [];
}

export async function savePopularTags(nsfw: boolean, tags: string[]): Promise<void> {
  await db.galleryLists.put({ key: tagsKey(nsfw), ids: tags, hasMore: false });
}
