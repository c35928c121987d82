/** Saves a blob under a name through a temporary link, as the browser's own download does. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
