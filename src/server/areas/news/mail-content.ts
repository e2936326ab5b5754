import { SAFE_LINK, type NewsBlock, type NewsDocument, type NewsInline, type NewsListItem } from '../../../shared/newsDocument.ts';

/**
 * The article mail's content (issue 27.4): the stored document, which the server validated
 * against the allow-list on save, rendered once more from that list alone. Every text and
 * attribute is escaped here, links are kept only if they are http(s) or mailto, pictures
 * only from our own storage by absolute address: nothing of the document is copied as HTML.
 */

export interface ArticleMailInput {
  clubName: string;
  /** PUBLIC_URL without a trailing slash. */
  origin: string;
  prename: string;
  lastname: string;
  title: string;
  teaser: string;
  body: NewsDocument;
  /** /aktuelles/<slug>, absolute. */
  articleUrl: string;
  /** The cover's 1200 px JPEG (mail programs show JPEG, not always WebP), absolute; null without a cover. */
  coverUrl: string | null;
  /** The mail's own unsubscribe link, absolute. */
  unsubscribeUrl: string;
  /** Meine Daten, absolute. */
  accountUrl: string;
}

export interface ArticleMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A picture of the body by its absolute address; only our own files (`/files/…`). */
function pictureUrl(src: string, origin: string): string | undefined {
  return /^\/files\/[A-Za-z0-9._-]+$/.test(src) ? `${origin}${src}` : undefined;
}

function safeHref(href: string): string | undefined {
  return SAFE_LINK.test(href) ? href : undefined;
}

function inlineHtml(nodes: readonly NewsInline[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '<br>';
      let html = escapeHtml(node.text);
      for (const mark of node.marks ?? []) {
        if (mark.type === 'bold') html = `<strong>${html}</strong>`;
        else if (mark.type === 'italic') html = `<em>${html}</em>`;
        else if (mark.type === 'link') {
          const href = safeHref(mark.attrs.href);
          if (href) html = `<a href="${escapeHtml(href)}">${html}</a>`;
        }
      }
      return html;
    })
    .join('');
}

function blocksHtml(nodes: readonly NewsBlock[] | undefined, origin: string): string {
  return (nodes ?? []).map((node) => blockHtml(node, origin)).join('\n');
}

function itemsHtml(items: readonly NewsListItem[], origin: string): string {
  return items.map((item) => `<li>${blocksHtml(item.content, origin)}</li>`).join('');
}

function blockHtml(node: NewsBlock, origin: string): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${inlineHtml(node.content)}</p>`;
    case 'heading':
      return node.attrs.level === 2 ? `<h2>${inlineHtml(node.content)}</h2>` : `<h3>${inlineHtml(node.content)}</h3>`;
    case 'bulletList':
      return `<ul>${itemsHtml(node.content, origin)}</ul>`;
    case 'orderedList': {
      const start = Number.isInteger(node.attrs?.start) && node.attrs!.start > 1 ? ` start="${node.attrs!.start}"` : '';
      return `<ol${start}>${itemsHtml(node.content, origin)}</ol>`;
    }
    case 'blockquote':
      return `<blockquote>${blocksHtml(node.content, origin)}</blockquote>`;
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const url = pictureUrl(node.attrs.src, origin);
      return url ? `<p><img src="${escapeHtml(url)}" alt="${escapeHtml(node.attrs.alt)}" style="max-width:100%;height:auto"></p>` : '';
    }
    default:
      return '';
  }
}

/** The document as HTML made from the allow-list only (see above). */
export function newsDocumentHtml(document: NewsDocument, origin: string): string {
  return blocksHtml(document.content, origin);
}

function inlineText(nodes: readonly NewsInline[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '\n';
      const link = node.marks?.find((mark) => mark.type === 'link');
      const href = link?.type === 'link' ? safeHref(link.attrs.href) : undefined;
      return href && href !== node.text ? `${node.text} (${href})` : node.text;
    })
    .join('');
}

function prefixed(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, index) => `${index === 0 ? first : rest}${line}`)
    .join('\n');
}

function blocksText(nodes: readonly NewsBlock[] | undefined, origin: string): string {
  return (nodes ?? [])
    .map((node) => blockText(node, origin))
    .filter((text) => text !== '')
    .join('\n\n');
}

function blockText(node: NewsBlock, origin: string): string {
  switch (node.type) {
    case 'paragraph':
      return inlineText(node.content);
    case 'heading':
      return inlineText(node.content);
    case 'bulletList':
      return node.content.map((item) => prefixed(blocksText(item.content, origin), '- ', '  ')).join('\n');
    case 'orderedList': {
      const start = node.attrs?.start ?? 1;
      return node.content.map((item, index) => prefixed(blocksText(item.content, origin), `${start + index}. `, '   ')).join('\n');
    }
    case 'blockquote':
      return prefixed(blocksText(node.content, origin), '> ', '> ');
    case 'horizontalRule':
      return '----';
    case 'image': {
      const url = pictureUrl(node.attrs.src, origin);
      return url ? `[Bild${node.attrs.alt ? `: ${node.attrs.alt}` : ''}] ${url}` : '';
    }
    default:
      return '';
  }
}

/** The document as plain text: paragraphs, lists with dashes, quotes with '>', links in brackets. */
export function newsDocumentText(document: NewsDocument, origin: string): string {
  return blocksText(document.content, origin).trim();
}

/** The whole mail: German plain text, the same as HTML with the cover, the unsubscribe headers of RFC 2369 and 8058. */
export function buildArticleMail(input: ArticleMailInput): ArticleMail {
  const name = `${input.prename} ${input.lastname}`.trim();
  const bodyText = newsDocumentText(input.body, input.origin);
  const footerText = [
    `Du bekommst diese Mail als Mitglied von „${input.clubName}“.`,
    `Keine Artikel mehr per Mail bekommen: ${input.unsubscribeUrl}`,
    `Oder unter „Meine Daten“ bei „Aktuelles per Mail erhalten“: ${input.accountUrl}`,
  ];
  const text = [
    `Hallo ${name},`,
    '',
    `unter „Aktuelles“ gibt es einen neuen Artikel von „${input.clubName}“:`,
    '',
    input.title,
    ...(input.teaser === '' ? [] : ['', input.teaser]),
    ...(bodyText === '' ? [] : ['', bodyText]),
    '',
    `Der Artikel im Internet: ${input.articleUrl}`,
    '',
    'Viele Grüße',
    input.clubName,
    '',
    '-- ',
    ...footerText,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(input.title)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#222">
<div style="max-width:600px;margin:0 auto">
<p>Hallo ${e(name)},</p>
<p>unter „Aktuelles“ gibt es einen neuen Artikel von „${e(input.clubName)}“:</p>
${input.coverUrl ? `<p><a href="${e(input.articleUrl)}"><img src="${e(input.coverUrl)}" alt="" width="600" style="max-width:100%;height:auto;border:0"></a></p>\n` : ''}<h1 style="font-size:24px;line-height:1.3"><a href="${e(input.articleUrl)}" style="color:#222">${e(input.title)}</a></h1>
${input.teaser === '' ? '' : `<p><strong>${e(input.teaser)}</strong></p>\n`}${newsDocumentHtml(input.body, input.origin)}
<p><a href="${e(input.articleUrl)}">Den Artikel im Internet lesen</a></p>
<p>Viele Grüße<br>${e(input.clubName)}</p>
<hr>
<p style="font-size:13px;color:#555">Du bekommst diese Mail als Mitglied von „${e(input.clubName)}“. <a href="${e(input.unsubscribeUrl)}">Keine Artikel mehr per Mail bekommen</a> – oder unter <a href="${e(input.accountUrl)}">„Meine Daten“</a> bei „Aktuelles per Mail erhalten“.</p>
</div>
</body>
</html>
`;
  return {
    subject: `Aktuelles: ${input.title}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      // RFC 8058: a mail program may unsubscribe with one POST to that address, without a page.
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
