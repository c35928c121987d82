import { getPopularTags } from '../api/images';
import { savePopularTags } from '../db/popularTags';

/** The gallery's most used tags, for Home's chips (loaded with them, after Home's first view). */
export async function pullPopularTags(nsfw: boolean): Promise<void> {
  const { tags } = await getPopularTags(nsfw);
  await savePopularTags(
    nsfw,
    tags.map((entry) => entry.tag),
  );
}
