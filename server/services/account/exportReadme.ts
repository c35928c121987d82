/** The README.txt at the top of a data export: what each file is, for a person opening the zip. */
export function exportReadme(exportedAt: string, counts: { cards: number; chats: number; favorites: number; presets: number }): string {
  return `Your cardchat data
==================

Exported ${exportedAt} (UTC). Everything cardchat keeps about your account is in this archive.

profile.json
  Your account (e-mail, name, user ID, when it was created, how you sign in), your plan, your
  personas (their pictures are in personas/), your favorites (${counts.favorites}), your AI settings
  (your defaults and each chat's own), your presets, and a list of the cards and chats below with
  their ids and dates. JSON, UTF-8.

presets/ (${counts.presets} ${counts.presets === 1 ? 'file' : 'files'})
  Every generation preset you saved, as a SillyTavern Chat Completion preset file (.json):
  SillyTavern and cardchat import them as presets.

cards/ (${counts.cards} ${counts.cards === 1 ? 'file' : 'files'})
  Every card you uploaded, as the PNG cardchat stores: the character is inside the image, in the
  "chara" (Character Card V2) and "ccv3" (V3) text chunks. SillyTavern, chub.ai, RisuAI and cardchat
  open these files as characters.

chats/ (${counts.chats} ${counts.chats === 1 ? 'file' : 'files'})
  Every chat, one SillyTavern chat file (.jsonl) each: a header line, then one line per message.
  SillyTavern opens them as they are (import a chat on the character's page). Dates are milliseconds
  since 1970 (UTC).

Cards that were published to the public gallery are in cards/ too; they stay in the gallery if you
delete your account. Nothing else is kept: no passwords (cardchat stores only a one-way hash of
yours), no payment data.
`;
}
