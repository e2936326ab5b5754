import { describe, expect, it } from 'vitest';
import { imageSources } from '../../src/client/galleries.ts';

const urls = { url: '/files/d.webp', thumbnail_url: '/files/t.webp', medium_url: '/files/m.webp' };

describe('imageSources (srcset of a gallery image)', () => {
  it('lists thumbnail, phone version and display version with their widths', () => {
    expect(imageSources({ ...urls, width: 2048, height: 1536 })).toBe('/files/t.webp 480w, /files/m.webp 1024w, /files/d.webp 2048w');
    // Upright: the long side is the height.
    expect(imageSources({ ...urls, width: 819, height: 2048 })).toBe('/files/t.webp 192w, /files/m.webp 410w, /files/d.webp 819w');
  });

  it('lists only the widths a small picture has, and no phone version an old image lacks', () => {
    expect(imageSources({ ...urls, width: 900, height: 600 })).toBe('/files/t.webp 480w, /files/d.webp 900w');
    expect(imageSources({ ...urls, width: 300, height: 200 })).toBe('/files/d.webp 300w');
    expect(imageSources({ ...urls, medium_url: null, width: 2048, height: 1024 })).toBe('/files/t.webp 480w, /files/d.webp 2048w');
  });
});
