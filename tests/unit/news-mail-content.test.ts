import { describe, expect, it } from 'vitest';
import { buildArticleMail, newsDocumentHtml, newsDocumentText } from '../../src/server/areas/news/mail-content.ts';
import type { NewsDocument } from '../../src/shared/newsDocument.ts';

/**
 * The article mail's content (issue 27.4) is made from the allow-list alone: even a document
 * that somehow holds what the save would refuse gives no markup, no unsafe link and no
 * foreign picture in the mail.
 */

const ORIGIN = 'https://verein.example';

const hostile = {
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=alert(1)> "Zitat" & mehr' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'klick', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'gut', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.org/?a="b"' } }] }] },
    { type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'fremd' } },
    { type: 'image', attrs: { src: '/files/abc-123.webp', alt: 'Siegerehrung "2026"' } },
    { type: 'iframe', attrs: { src: 'https://evil.example' } },
    { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dritter' }] }] }] },
    { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Zeile 1' }, { type: 'hardBreak' }, { type: 'text', text: 'Zeile 2' }] }] },
  ],
} as unknown as NewsDocument;

describe('the article mail from the allow-list', () => {
  it('escapes every text and attribute, drops unsafe links, foreign pictures and unknown nodes', () => {
    const html = newsDocumentHtml(hostile, ORIGIN);
    expect(html).not.toMatch(/<img src=x|<[^>]*onerror|javascript:|evil\.example|<iframe/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Zitat&quot; &amp; mehr');
    expect(html).toContain('<p>klick</p>');
    expect(html).toContain('<a href="https://example.org/?a=&quot;b&quot;"><strong>gut</strong></a>');
    expect(html).toContain(`<img src="${ORIGIN}/files/abc-123.webp" alt="Siegerehrung &quot;2026&quot;"`);
    expect(html).toContain('<ol start="3"><li><p>Dritter</p></li></ol>');
    expect(html).toContain('<blockquote><p>Zeile 1<br>Zeile 2</p></blockquote>');
  });

  it('as plain text: links in brackets (safe ones only), numbered lists, quotes with >', () => {
    const text = newsDocumentText(hostile, ORIGIN);
    expect(text).toContain('<img src=x onerror=alert(1)> "Zitat" & mehr');
    expect(text).not.toContain('javascript:');
    expect(text).toContain('gut (https://example.org/?a="b")');
    expect(text).toContain(`[Bild: Siegerehrung "2026"] ${ORIGIN}/files/abc-123.webp`);
    expect(text).not.toContain('evil.example');
    expect(text).toContain('3. Dritter');
    expect(text).toContain('> Zeile 1\n> Zeile 2');
  });

  it('carries the unsubscribe headers of RFC 2369 and 8058 and the link in both parts', () => {
    const mail = buildArticleMail({
      clubName: 'SV „Ins Schwarze“',
      origin: ORIGIN,
      prename: 'Anna',
      lastname: '<Ring>',
      title: 'Fest & Feier',
      teaser: '',
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
      articleUrl: `${ORIGIN}/aktuelles/fest-feier`,
      coverUrl: null,
      unsubscribeUrl: `${ORIGIN}/aktuelles/abmelden/${'a'.repeat(43)}`,
      accountUrl: `${ORIGIN}/admin/ich`,
    });
    expect(mail.subject).toBe('Aktuelles: Fest & Feier');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${ORIGIN}/aktuelles/abmelden/${'a'.repeat(43)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain(`Keine Artikel mehr per Mail bekommen: ${ORIGIN}/aktuelles/abmelden/`);
    expect(mail.html).toContain(`href="${ORIGIN}/aktuelles/abmelden/${'a'.repeat(43)}"`);
    expect(mail.html).toContain('Hallo Anna &lt;Ring&gt;,');
    expect(mail.html).not.toContain('<img');
  });
});
