/**
 * Saves text as a file download of the browser (the CSV exports, Meine Daten's JSON, the
 * recovery codes). The address is revoked a little later: some browsers read the file
 * only after the click has returned.
 */
export function downloadText(filename: string, content: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
