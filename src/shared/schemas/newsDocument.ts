import { z } from 'zod';
import { NEWS_IMAGE_SRC, SAFE_LINK, type NewsBlock, type NewsDocument, type NewsInline, type NewsListItem, type NewsMark } from '../newsDocument.ts';

/**
 * The allow-list of an article's body (DESIGN §10): exactly the nodes and marks of
 * newsDocument.ts, each with only the attributes the site renders. Anything else (a
 * `script` or `iframe` node, an `html` mark, `onclick` attributes, `javascript:` or `data:`
 * links, pictures from elsewhere) is refused with a German message; attributes the editor
 * adds beyond these (a link's target, a picture's title) are dropped. Depth and size are
 * checked first, without recursion, so a document of 10,000 nested lists costs one loop.
 */

/** doc > list > item > list > item > list > item > paragraph > text, with a quote around: enough for any article. */
export const MAX_DOCUMENT_DEPTH = 12;
/** Nodes of one article: a long report has a few hundred. */
export const MAX_DOCUMENT_NODES = 5_000;
/** Characters of text in one article: about 25 printed pages. */
export const MAX_DOCUMENT_TEXT = 60_000;

export const NEWS_DOCUMENT_MESSAGES = {
  invalid: 'Der Text des Artikels ist ungültig.',
  tooDeep: `Der Text ist zu tief verschachtelt (höchstens ${MAX_DOCUMENT_DEPTH} Ebenen, z. B. Listen in Listen).`,
  tooManyNodes: `Der Text hat zu viele Elemente (höchstens ${MAX_DOCUMENT_NODES.toLocaleString('de-DE')}).`,
  tooLong: `Der Text ist zu lang (höchstens ${MAX_DOCUMENT_TEXT.toLocaleString('de-DE')} Zeichen).`,
  node: (type: string) => `Der Text enthält ein nicht erlaubtes Element („${type.slice(0, 40)}“).`,
  mark: (type: string) => `Der Text enthält eine nicht erlaubte Auszeichnung („${type.slice(0, 40)}“).`,
  link: 'Links müssen mit http://, https:// oder mailto: beginnen.',
  image: 'Bilder im Text müssen über „Bild einfügen“ hochgeladen werden.',
  heading: 'Überschriften im Text gibt es nur in zwei Größen (Ebene 2 und 3).',
} as const;

/** What the walk found out about the size of a document. */
function sizeProblem(value: unknown): string | undefined {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 1 }];
  let nodes = 0;
  let text = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DOCUMENT_DEPTH) return NEWS_DOCUMENT_MESSAGES.tooDeep;
    nodes += 1;
    if (nodes > MAX_DOCUMENT_NODES) return NEWS_DOCUMENT_MESSAGES.tooManyNodes;
    if (typeof node !== 'object' || node === null) continue;
    const { text: nodeText, content } = node as { text?: unknown; content?: unknown };
    if (typeof nodeText === 'string') {
      text += nodeText.length;
      if (text > MAX_DOCUMENT_TEXT) return NEWS_DOCUMENT_MESSAGES.tooLong;
    }
    if (Array.isArray(content)) for (const child of content) stack.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}

const linkHref = z
  .string({ error: NEWS_DOCUMENT_MESSAGES.link })
  .trim()
  .max(2000, { error: NEWS_DOCUMENT_MESSAGES.link })
  .regex(SAFE_LINK, { error: NEWS_DOCUMENT_MESSAGES.link });

const mark: z.ZodType<NewsMark> = z.unknown().transform((value, ctx): NewsMark => {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (type === 'bold' || type === 'italic') return { type };
  if (type === 'link') {
    const href = linkHref.safeParse((value as { attrs?: { href?: unknown } }).attrs?.href);
    if (href.success) return { type: 'link', attrs: { href: href.data } };
    ctx.addIssue({ code: 'custom', message: NEWS_DOCUMENT_MESSAGES.link });
    return z.NEVER;
  }
  ctx.addIssue({ code: 'custom', message: NEWS_DOCUMENT_MESSAGES.mark(String(type)) });
  return z.NEVER;
});

const textNode = z.object({
  type: z.literal('text'),
  // ProseMirror never writes an empty text node; a control character has no business in an article.
  // eslint-disable-next-line no-control-regex
  text: z.string().min(1).transform((text) => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')),
  marks: z.array(mark).max(3).optional(),
});
const hardBreak = z.object({ type: z.literal('hardBreak') });
const image = z.object({
  type: z.literal('image'),
  attrs: z.object({
    src: z.string({ error: NEWS_DOCUMENT_MESSAGES.image }).regex(NEWS_IMAGE_SRC, { error: NEWS_DOCUMENT_MESSAGES.image }),
    alt: z.string().trim().max(255).nullish().transform((alt) => alt ?? ''),
  }),
});
const horizontalRule = z.object({ type: z.literal('horizontalRule') });

const INLINE_TYPES = ['text', 'hardBreak'] as const;
const BLOCK_TYPES = ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'horizontalRule', 'image'] as const;

/** A node of one of `types`, or a German message naming the node that is not allowed. */
function oneOf<T>(types: readonly string[], schemas: () => Record<string, z.ZodType>): z.ZodType<T> {
  return z.unknown().transform((value, ctx): T => {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !types.includes(type)) {
      ctx.addIssue({ code: 'custom', message: NEWS_DOCUMENT_MESSAGES.node(String(type)) });
      return z.NEVER;
    }
    const parsed = schemas()[type]!.safeParse(value);
    if (parsed.success) return parsed.data as T;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

const inline: z.ZodType<NewsInline> = oneOf<NewsInline>(INLINE_TYPES, () => ({ text: textNode, hardBreak }));
const inlineContent = z.array(inline).optional();

const block: z.ZodType<NewsBlock> = oneOf<NewsBlock>(BLOCK_TYPES, () => blockSchemas);
const listItem: z.ZodType<NewsListItem> = oneOf<NewsListItem>(['listItem'], () => ({
  listItem: z.object({ type: z.literal('listItem'), content: z.array(block).min(1) }),
}));

const blockSchemas: Record<(typeof BLOCK_TYPES)[number], z.ZodType> = {
  paragraph: z.object({ type: z.literal('paragraph'), content: inlineContent }),
  heading: z.object({
    type: z.literal('heading'),
    attrs: z.object({ level: z.union([z.literal(2), z.literal(3)], { error: NEWS_DOCUMENT_MESSAGES.heading }) }),
    content: inlineContent,
  }),
  bulletList: z.object({ type: z.literal('bulletList'), content: z.array(listItem).min(1) }),
  orderedList: z.object({
    type: z.literal('orderedList'),
    attrs: z
      .object({ start: z.number().int().min(1).max(100_000).catch(1) })
      .optional()
      .transform((attrs) => (attrs && attrs.start !== 1 ? attrs : undefined)),
    content: z.array(listItem).min(1),
  }),
  blockquote: z.object({ type: z.literal('blockquote'), content: z.array(block).min(1) }),
  horizontalRule,
  image,
};

/** Drops keys whose value is undefined, so the stored JSON has no `"attrs":undefined` holes. */
function withoutUndefined<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export const newsDocumentSchema: z.ZodType<NewsDocument> = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = sizeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  })
  .pipe(z.object({ type: z.literal('doc', { error: NEWS_DOCUMENT_MESSAGES.invalid }), content: z.array(block).max(MAX_DOCUMENT_NODES) }, { error: NEWS_DOCUMENT_MESSAGES.invalid }))
  .transform((document) => withoutUndefined<NewsDocument>(document));
