import { describe, expect, it } from 'vitest';
import { fileFamily, formatFileSize } from '../../src/shared/files.ts';

describe('formatFileSize', () => {
  it('names bytes, kB and MB with a decimal comma and at most one decimal', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Byte');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 kB');
    expect(formatFileSize(1536)).toBe('1,5 kB');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1,2 MB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(1234 * 1024 * 1024)).toBe('1.234 MB');
  });
});

describe('fileFamily', () => {
  it('sorts sniffed MIME types into the families the icons stand for', () => {
    expect(fileFamily('application/pdf')).toBe('pdf');
    expect(fileFamily('image/webp')).toBe('image');
    expect(fileFamily('audio/mpeg')).toBe('audio');
    expect(fileFamily('video/mp4')).toBe('video');
    expect(fileFamily('application/zip')).toBe('archive');
    expect(fileFamily('text/csv; charset=utf-8')).toBe('text');
    expect(fileFamily('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('document');
    expect(fileFamily('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('spreadsheet');
    expect(fileFamily('application/vnd.oasis.opendocument.presentation')).toBe('presentation');
    expect(fileFamily('application/octet-stream')).toBe('other');
  });
});
