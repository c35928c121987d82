import type { ChatExportFormat } from '@core/contract';
import { exportChat } from '../../../api/chatList';
import type { LocalChat } from '../../../db/db';
import { saveBlob } from '../../../lib/saveFile';

/**
 * Downloads a chat as the server writes it (.zip, .jsonl or text) and saves it through a temporary
 * link, as a browser download does. No `exportfilename`: the server's own name ('{character} -
 * {date}.zip') tells exports apart.
 */
export async function exportChatArchive(chat: LocalChat, format: ChatExportFormat = 'zip'): Promise<void> {
  const { blob, filename } = await exportChat({ chat_id: chat.chat_id, character_id: chat.character_id ?? undefined, format });
  saveBlob(blob, filename);
}
