import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { trpc } from '../../../trpc.ts';
import { downloadText } from '../../../download.ts';


/**
 * 'Meine Daten herunterladen' (README „Meine Daten herunterladen“, DSGVO Art. 15 and 20):
 * the server puts everything it keeps about the member together (`account.export`) and
 * the browser saves it as one JSON file, named with shooter number and date.
 */
export function DataExportSection() {
  const exportData = trpc.account.export.useMutation({
    meta: { errorPrefix: 'Fehler beim Herunterladen deiner Daten' },
    onSuccess: ({ filename, data }) => downloadText(filename, `${JSON.stringify(data, null, 2)}\n`, 'application/json'),
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="account-export-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 800 }}>
      <Typography id="account-export-heading" variant="h6" component="h2" gutterBottom>
        Deine gespeicherten Daten
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Lade alles, was die Website über dich gespeichert hat, als eine Datei im JSON-Format herunter: deine Angaben und
        Gruppen, deine Dienste mit Erinnerungen und Tauschangeboten, zweiter Faktor und App-Passwörter, deine Anmeldungen,
        Mails an deine Adresse, Nachrichten aus dem Kontaktformular und die Einträge im Log, die dich nennen. Passwörter,
        Schlüssel und Codes stehen nicht darin. Der Download wird im Log vermerkt.
      </Typography>
      <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exportData.isPending} onClick={() => exportData.mutate()}>
        Meine Daten herunterladen
      </Button>
    </Paper>
  );
}
