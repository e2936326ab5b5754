/** Sizes and kinds of files as the pages name them (German units, decimal comma). */

const KB = 1024;
const MB = 1024 * 1024;

function decimal(value: number): string {
  return value.toLocaleString('de-DE', { maximumFractionDigits: 1 });
}

/** '512 Bytes', '1,5 kB', '1,2 MB': one decimal at most; 1 kB = 1024 Bytes, as the upload limits count. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${decimal(bytes / MB)} MB`;
  if (bytes >= KB) return `${decimal(bytes / KB)} kB`;
  return bytes === 1 ? '1 Byte' : `${bytes} Bytes`;
}

export type FileFamily = 'pdf' | 'image' | 'audio' | 'video' | 'archive' | 'text' | 'document' | 'spreadsheet' | 'presentation' | 'other';

const ARCHIVES = new Set(['application/zip', 'application/x-7z-compressed', 'application/x-rar-compressed', 'application/vnd.rar', 'application/gzip', 'application/x-tar', 'application/x-bzip2', 'application/x-xz']);

/** The family of a sniffed MIME type, for the icon in front of a file. */
export function fileFamily(mime: string): FileFamily {
  const type = mime.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (ARCHIVES.has(type)) return 'archive';
  if (type.startsWith('text/')) return 'text';
  if (type.includes('spreadsheet') || type === 'application/vnd.ms-excel') return 'spreadsheet';
  if (type.includes('presentation') || type === 'application/vnd.ms-powerpoint') return 'presentation';
  if (type.includes('wordprocessing') || type === 'application/msword' || type === 'application/rtf' || type.includes('opendocument.text')) return 'document';
  return 'other';
}

/** German names of the families, for screen readers and tooltips. */
export const FILE_FAMILY_LABELS: Record<FileFamily, string> = {
  pdf: 'PDF-Dokument',
  image: 'Bild',
  audio: 'Audiodatei',
  video: 'Video',
  archive: 'Archiv',
  text: 'Textdatei',
  document: 'Textdokument',
  spreadsheet: 'Tabelle',
  presentation: 'Präsentation',
  other: 'Datei',
};
