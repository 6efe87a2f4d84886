/**
 * Saves `text` as a file the browser downloads. A module of its own, loaded with the first
 * export, since bulk.ts comes with every list's api file.
 */
export function download(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
