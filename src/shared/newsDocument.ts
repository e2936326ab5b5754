/**
 * An article's body as a structured document (DESIGN §10 "Rich documents"): the JSON the
 * back office's editor (Tiptap) writes, limited to the nodes and marks below. The server
 * validates it (schemas/newsDocument.ts) and the site renders it with its own components
 * (components/NewsDocumentView.tsx); raw HTML never enters, as there is no node for it.
 * Types only here: the public pages import them without zod or the editor.
 */

export type NewsMark = { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };

export interface NewsText {
  type: 'text';
  text: string;
  marks?: NewsMark[];
}

export interface NewsHardBreak {
  type: 'hardBreak';
}

export interface NewsImage {
  type: 'image';
  attrs: { src: string; alt: string };
}

export type NewsInline = NewsText | NewsHardBreak;

export interface NewsParagraph {
  type: 'paragraph';
  content?: NewsInline[];
}

export interface NewsHeading {
  type: 'heading';
  attrs: { level: 2 | 3 };
  content?: NewsInline[];
}

export interface NewsListItem {
  type: 'listItem';
  content: NewsBlock[];
}

export interface NewsBulletList {
  type: 'bulletList';
  content: NewsListItem[];
}

export interface NewsOrderedList {
  type: 'orderedList';
  attrs?: { start: number };
  content: NewsListItem[];
}

export interface NewsBlockquote {
  type: 'blockquote';
  content: NewsBlock[];
}

export interface NewsHorizontalRule {
  type: 'horizontalRule';
}

export type NewsBlock = NewsParagraph | NewsHeading | NewsBulletList | NewsOrderedList | NewsBlockquote | NewsHorizontalRule | NewsImage;

export interface NewsDocument {
  type: 'doc';
  content: NewsBlock[];
}

export const EMPTY_NEWS_DOCUMENT: NewsDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

/** A link's address as the site shows it: only the web and e-mail, never `javascript:` or `data:`. */
export const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** A picture of the body: a file of our own storage (the upload pipeline's WebP), nothing from elsewhere. */
export const NEWS_IMAGE_SRC = /^\/files\/[a-f0-9-]+\.(webp|jpg)$/;

/** The document's text without markup, for teasers, feeds and word counts. */
export function newsPlainText(document: NewsDocument): string {
  const parts: string[] = [];
  const walk = (nodes: readonly { type: string; text?: string; content?: unknown }[] | undefined) => {
    for (const node of nodes ?? []) {
      if (node.type === 'text' && typeof node.text === 'string') parts.push(node.text);
      else if (node.type === 'hardBreak') parts.push(' ');
      if (Array.isArray(node.content)) {
        walk(node.content as { type: string }[]);
        parts.push(' ');
      }
    }
  };
  walk(document.content);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Every picture address the document shows (for the feed and to keep files an article uses). */
export function newsImageSources(document: NewsDocument): string[] {
  const sources: string[] = [];
  const walk = (nodes: readonly NewsBlock[] | readonly NewsInline[] | readonly NewsListItem[] | undefined) => {
    for (const node of nodes ?? []) {
      if (node.type === 'image') sources.push(node.attrs.src);
      else if ('content' in node) walk(node.content);
    }
  };
  walk(document.content);
  return sources;
}
