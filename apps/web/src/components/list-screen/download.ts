/**
 * Saves `text` as a file the browser downloads. A module of its own, loaded with the first
 * export, since bulk.ts comes with every list's api file.
 */
export function download(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** Saves `blob` as a file the browser downloads, e.g. an export received as a stream. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
