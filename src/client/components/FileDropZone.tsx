import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';

export interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  /** As the input's accept attribute, e.g. 'application/pdf,.pdf' or 'image/*'. */
  accept?: string;
  multiple?: boolean;
  /** Without the permission: the button is disabled and drops are ignored (SPEC §6). */
  disabled?: boolean;
  /** The button's text. */
  buttonLabel?: string;
  /** The text beside the button, e.g. 'PDF hierher ziehen oder'. */
  hint?: string;
  /** Names the zone for screen readers, e.g. 'Ergebnisse Intern hochladen'. */
  label?: string;
}

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/**
 * Where files are dropped or chosen. The button opens the file chooser and is what keyboard
 * users use; dropping is the shortcut for the mouse. The server checks each file's type
 * anyway: `accept` only narrows the chooser.
 */
export function FileDropZone({
  onFiles,
  accept,
  multiple = false,
  disabled = false,
  buttonLabel = 'Datei auswählen',
  hint = multiple ? 'Dateien hierher ziehen oder' : 'Datei hierher ziehen oder',
  label = 'Datei hochladen',
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <Box
      role="group"
      aria-label={label}
      onDragEnter={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        // Without this the browser would open the file instead of handing it to onDrop.
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        take(event.dataTransfer.files);
      }}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        p: 2,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : undefined,
      }}
    >
      {!disabled && <Typography color="text.secondary">{hint}</Typography>}
      <Button variant="contained" startIcon={<UploadFileIcon />} disabled={disabled} onClick={() => input.current?.click()}>
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        onChange={(event) => {
          take(event.target.files);
          // The same file chosen again (after a failure, say) must fire a change again.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
