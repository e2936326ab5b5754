import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import ImageIcon from '@mui/icons-material/Image';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { NewsPicture } from '../../../../shared/news.ts';
import { SAFE_LINK, type NewsDocument } from '../../../../shared/newsDocument.ts';
import { TitledDialog } from '../../../components/TitledDialog.tsx';

/**
 * The article's body in a real rich-text editor (Tiptap on ProseMirror, issue 27.1), with
 * exactly what the server's allow-list takes: headings of two sizes, bold, italic, lists,
 * quotes, links (web and e-mail) and pictures from the upload pipeline. It writes the
 * editor's JSON document, which the server validates again; it lives only in the back
 * office's chunk, so no public page downloads it.
 */

const LINK_MESSAGE = 'Bitte gib eine Adresse ein, die mit https://, http:// oder mailto: beginnt.';

function ToolButton({ label, active = false, disabled = false, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working while the button is disabled. */}
      <span>
        <ToggleButton value={label} size="small" selected={active} disabled={disabled} onClick={onClick} aria-label={label} sx={{ minWidth: 40 }}>
          {children}
        </ToggleButton>
      </span>
    </Tooltip>
  );
}

function LinkDialog({ open, initial, onClose, onSave }: { open: boolean; initial: string; onClose: () => void; onSave: (href: string) => void }) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = () => {
    const value = href.trim();
    if (value !== '' && !SAFE_LINK.test(value)) {
      setError(LINK_MESSAGE);
      return;
    }
    onSave(value);
  };
  return (
    // The editor takes the focus back itself (with its selection); the dialog must not hand it to the toolbar's button.
    <TitledDialog open={open} title="Link setzen" busy={false} onClose={onClose} fullWidth maxWidth="xs" disableRestoreFocus>
      <DialogContent>
        <TextField
          label="Adresse"
          value={href}
          onChange={(event) => {
            setHref(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          error={error !== undefined}
          helperText={error ?? 'Leer lassen, um den Link zu entfernen'}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          inputMode="url"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" onClick={submit}>
          Übernehmen
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}

function Toolbar({ editor, onPicture, pictureBusy }: { editor: Editor; onPicture: (file: File) => void; pictureBusy: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkKey, setLinkKey] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();
  return (
    <Box role="toolbar" aria-label="Textformat" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
      <ToolButton label="Überschrift" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 14 }}>
          H2
        </Typography>
      </ToolButton>
      <ToolButton label="Zwischenüberschrift" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 14 }}>
          H3
        </Typography>
      </ToolButton>
      <ToolButton label="Fett" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Kursiv" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Aufzählung" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Nummerierte Liste" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Zitat" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Link"
        active={state.link}
        onClick={() => {
          setLinkKey((key) => key + 1);
          setLinkOpen(true);
        }}
      >
        <InsertLinkIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Bild einfügen" disabled={pictureBusy} onClick={() => fileInput.current?.click()}>
        <ImageIcon fontSize="small" />
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        aria-label="Bild für den Text"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPicture(file);
        }}
      />
      <LinkDialog
        key={linkKey}
        open={linkOpen}
        initial={state.href}
        onClose={() => {
          setLinkOpen(false);
          editor.commands.focus();
        }}
        onSave={(href) => {
          setLinkOpen(false);
          if (href === '') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href }).run();
        }}
      />
    </Box>
  );
}

export interface NewsBodyEditorProps {
  value: NewsDocument;
  onChange: (document: NewsDocument) => void;
  /** Uploads a picture for the body; resolves to it, or undefined when it failed (the snackbar said why). */
  uploadPicture: (file: File) => Promise<NewsPicture | undefined>;
  error?: string | undefined;
  disabled?: boolean;
}

export function NewsBodyEditor({ value, onChange, uploadPicture, error, disabled = false }: NewsBodyEditorProps) {
  const helperId = useId();
  const [pictureBusy, setPictureBusy] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => SAFE_LINK.test(url),
          HTMLAttributes: { rel: 'noopener nofollow', target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: false,
    editorProps: {
      attributes: { 'aria-label': 'Text', 'aria-describedby': helperId, 'aria-multiline': 'true', role: 'textbox' },
      // Pasted or dropped files would arrive as data: addresses; pictures come through the upload only.
      handleDrop: (_view, event) => (event.dataTransfer?.files.length ?? 0) > 0,
      handlePaste: (_view, event) => (event.clipboardData?.files.length ?? 0) > 0,
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as NewsDocument),
  });

  const insertPicture = async (file: File) => {
    if (!editor) return;
    setPictureBusy(true);
    try {
      const picture = await uploadPicture(file);
      if (picture) editor.chain().focus().setImage({ src: picture.url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    } finally {
      setPictureBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        Text
      </Typography>
      {editor && <Toolbar editor={editor} onPicture={(file) => void insertPicture(file)} pictureBusy={pictureBusy || disabled} />}
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '& .ProseMirror': { minHeight: 200, p: 1.5, outline: 'none', overflowWrap: 'anywhere' },
          '& .ProseMirror:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
          '& .ProseMirror blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText id={helperId} error={error !== undefined}>
        {error ?? 'Überschriften, Fett, Kursiv, Listen, Zitate, Links und Bilder über die Leiste'}
      </FormHelperText>
    </Box>
  );
}
