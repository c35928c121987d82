import { characterDisplayName, checkFile, isCardError, MESSAGE_INVALID_CARD, readCard } from '../../../core/card/index';

/** What the browser learns from a chosen file before anything is sent. */
export interface InspectedCard {
  name: string;
  /** The card's own version ('1.0', '2.0', '3.0'), as the codec keeps it. */
  specVersion: string;
}

/** Thrown with the spec's §5 text for a file that cannot be uploaded. */
export class FileRejected extends Error {}

/**
 * Spec §5 in the browser, with the same codec the server runs: the declared type and size first
 * (checkFile), then the bytes (readCard: signature, chunks, card JSON).
 */
export async function inspectFile(file: File): Promise<InspectedCard> {
  try {
    checkFile({ type: file.type, size: file.size });
    const { card } = readCard(new Uint8Array(await file.arrayBuffer()));
    return { name: characterDisplayName(card) || card.data.name, specVersion: card.spec_version };
  } catch (error) {
    if (isCardError(error)) throw new FileRejected(error.message);
    throw new FileRejected(MESSAGE_INVALID_CARD);
  }
}

/** Size in MB with 2 decimals, as the form shows it. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
