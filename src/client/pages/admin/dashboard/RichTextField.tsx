import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../../shared/constants.ts';
import { RICH_TEXT_HINT } from '../../../../shared/richText.ts';
import { textLength } from '../../../../shared/schemas/content.ts';
import { RichText } from '../../../components/RichText.tsx';

export interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The schema's or the server's message about the text. */
  error?: string;
  /** Without dashboard_update the text can be read and copied, not changed. */
  readOnly: boolean;
  disabled?: boolean;
}

/**
 * A notice or info text (SPEC §5 'Texts'): the [fett:an] hint and a counter under the field,
 * and below it the text as visitors will see it.
 */
export function RichTextField({ label, value, onChange, error, readOnly, disabled = false }: RichTextFieldProps) {
  // Code points, as the server counts them (an emoji is one character).
  const length = textLength(value);
  const tooLong = length > LIMITS.text;
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        disabled={disabled}
        error={error !== undefined}
        slotProps={{ input: { readOnly } }}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{error ?? (readOnly ? undefined : RICH_TEXT_HINT)}</span>
            <Box component="span" sx={{ whiteSpace: 'nowrap', color: tooLong ? 'error.main' : undefined }}>
              {length}/{LIMITS.text}
            </Box>
          </Box>
        }
      />
      {value.trim() !== '' && (
        <Paper variant="outlined" role="group" aria-label={`Vorschau: ${label}`} sx={{ mt: 1, p: 1.5, bgcolor: 'grey.50' }}>
          <Typography variant="caption" component="div" color="text.secondary">
            Vorschau
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <RichText text={value} />
          </Typography>
        </Paper>
      )}
    </>
  );
}
