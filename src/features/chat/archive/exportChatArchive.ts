import { exportChat } from '../../../api/chatList';
import type { LocalChat } from '../../../db/db';
import { saveBlob } from '../../../lib/saveFile';

/**
 * Downloads a chat as the server's .zip and saves it through a temporary link, as a browser download
 * does. No `exportfilename`: the server's own name ('{character} - {date}.zip') tells exports apart.
 */
export async function exportChatArchive(chat: LocalChat): Promise<void> {
  const { blob, filename } = await exportChat({ chat_id: chat.chat_id, character_id: chat.character_id ?? undefined });
  saveBlob(blob, filename);
}
