import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { NEWS_IMAGE_SRC, SAFE_LINK, type NewsBlock, type NewsDocument, type NewsInline, type NewsMark } from '../../shared/newsDocument.ts';

/**
 * An article's body as elements (DESIGN §10 "Rich documents"), the same component on the
 * server, in the browser and in the back office's preview: each allow-listed node becomes
 * its element, text stays text (React escapes it), and there is no way to HTML. Links and
 * pictures are checked again here, so even a row written around the server's validation
 * renders nothing dangerous; an unknown node renders nothing.
 */

function withMark(mark: NewsMark, children: ReactNode, key: string): ReactNode {
  if (mark.type === 'bold') return <strong key={key}>{children}</strong>;
  if (mark.type === 'italic') return <em key={key}>{children}</em>;
  if (mark.type === 'link' && SAFE_LINK.test(mark.attrs.href)) {
    const external = /^https?:/i.test(mark.attrs.href);
    return (
      <Link key={key} href={mark.attrs.href} {...(external ? { rel: 'noopener nofollow' } : {})}>
        {children}
      </Link>
    );
  }
  return children;
}

function Inline({ nodes }: { nodes: readonly NewsInline[] | undefined }) {
  return (
    <>
      {(nodes ?? []).map((node, index) => {
        if (node.type === 'hardBreak') return <br key={index} />;
        if (node.type !== 'text' || typeof node.text !== 'string') return null;
        // Links outermost, then bold, then italic: the order does not depend on how the editor stored them.
        const order = { link: 0, bold: 1, italic: 2 } as const;
        const marks = [...(node.marks ?? [])].sort((a, b) => (order[b.type] ?? 0) - (order[a.type] ?? 0));
        let content: ReactNode = node.text;
        for (const [level, mark] of marks.entries()) content = withMark(mark, content, `${index}-${level}`);
        return <span key={index}>{content}</span>;
      })}
    </>
  );
}

function Block({ node }: { node: NewsBlock }) {
  switch (node.type) {
    case 'paragraph':
      return (
        <Typography component="p" sx={{ mb: 2 }}>
          <Inline nodes={node.content} />
        </Typography>
      );
    case 'heading':
      return (
        <Typography component={node.attrs?.level === 3 ? 'h3' : 'h2'} variant={node.attrs?.level === 3 ? 'h6' : 'h5'} sx={{ mt: 3, mb: 1 }}>
          <Inline nodes={node.content} />
        </Typography>
      );
    case 'bulletList':
    case 'orderedList':
      return (
        <Box
          component={node.type === 'bulletList' ? 'ul' : 'ol'}
          {...(node.type === 'orderedList' && node.attrs?.start ? { start: node.attrs.start } : {})}
          sx={{ pl: 3, mt: 0, mb: 2, '& > li > p': { mb: 0.5 } }}
        >
          {(node.content ?? []).map((item, index) => (
            <li key={index}>
              <Blocks nodes={item.content} />
            </li>
          ))}
        </Box>
      );
    case 'blockquote':
      return (
        <Box component="blockquote" sx={{ mx: 0, my: 2, pl: 2, borderLeft: 4, borderColor: 'divider', color: 'text.secondary' }}>
          <Blocks nodes={node.content} />
        </Box>
      );
    case 'horizontalRule':
      return <Box component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', my: 3 }} />;
    case 'image':
      if (!NEWS_IMAGE_SRC.test(node.attrs?.src ?? '')) return null;
      return (
        <Box component="figure" sx={{ m: 0, mb: 2 }}>
          <Box component="img" src={node.attrs.src} alt={node.attrs.alt ?? ''} loading="lazy" decoding="async" sx={{ display: 'block', maxWidth: '100%', height: 'auto' }} />
        </Box>
      );
    default:
      return null;
  }
}

function Blocks({ nodes }: { nodes: readonly NewsBlock[] | undefined }) {
  return (
    <>
      {(nodes ?? []).map((node, index) => (
        <Block key={index} node={node} />
      ))}
    </>
  );
}

export function NewsDocumentView({ document }: { document: NewsDocument }) {
  return (
    <Box sx={{ maxWidth: 760, overflowWrap: 'anywhere' }}>
      <Blocks nodes={document.content} />
    </Box>
  );
}
