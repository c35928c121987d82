/** The replacement image's limit (docs/PRODUCT.md, Limits). */
export const MAX_REPLACEMENT_BYTES = 10 * 1024 * 1024;

/** The replacement image's checks: null when the file may be sent, else the message to show. */
export function replacementImageError(file: Pick<File, 'type' | 'size'> | null | undefined): string | null {
  if (!file) return 'Please select an image file';
  if (!file.type.startsWith('image/')) return 'Please select a valid image file';
  if (file.size > MAX_REPLACEMENT_BYTES) return 'File size must be less than 10MB';
  return null;
}

/** The file as a data URL (the replace request carries the image this way). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
