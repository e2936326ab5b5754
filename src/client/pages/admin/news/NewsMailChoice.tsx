import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { NewsMailGroup } from '../../../../shared/news.ts';

export interface NewsMailChoiceProps {
  groups: readonly NewsMailGroup[];
  value: readonly number[];
  onChange: (groupIds: number[]) => void;
  /** Members who were mailed the article so far. */
  mailedCount: number;
  scheduled: boolean;
  error: string | undefined;
  disabled: boolean;
}

const members = (count: number) => `${count} ${count === 1 ? 'Mitglied' : 'Mitglieder'}`;

/**
 * 'An Mitglieder senden' (issue 27.4, README „Aktuelles per Mail“): the groups whose members
 * get the article by mail when it is published, or when a scheduled one appears.
 */
export function NewsMailChoice({ groups, value, onChange, mailedCount, scheduled, error, disabled }: NewsMailChoiceProps) {
  const toggle = (id: number, checked: boolean) => onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));
  const when = scheduled ? 'wenn er erscheint' : 'beim Speichern';
  const sent = mailedCount === 0 ? '' : ` Bisher an ${members(mailedCount)} gesendet.`;
  return (
    <FormControl component="fieldset" error={error !== undefined} disabled={disabled}>
      <FormLabel component="legend">An Mitglieder senden</FormLabel>
      <FormGroup>
        {groups.map((group) => (
          <FormControlLabel
            key={group.id}
            control={<Checkbox checked={value.includes(group.id)} onChange={(event) => toggle(group.id, event.target.checked)} />}
            label={`${group.name} (${members(group.members)})`}
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {error ??
          `Optional. Jedes Mitglied der gewählten Gruppen mit E-Mail-Adresse bekommt den Artikel ${when} einmal per Mail; wer ihn schon bekommen oder die Mails abgeschaltet hat, bekommt keine.${sent}`}
      </FormHelperText>
    </FormControl>
  );
}
