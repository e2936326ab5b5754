import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { EMPTY_TABLE_TEXT, PAGE_SIZES } from '../../shared/constants.ts';

export interface DataTableColumn<Row> {
  /** Unique among the columns; also the React key of its cells. */
  id: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** The text the search looks at; columns without it (e.g. actions) are not searched. */
  searchText?: (row: Row) => string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** Names the table for screen readers, e.g. 'Benutzer'. */
  label: string;
  loading?: boolean;
  /** Shown beside the search field, e.g. an add button. */
  toolbar?: ReactNode;
  initialPageSize?: (typeof PAGE_SIZES)[number];
  /** The room in px below which rows become blocks: what the table needs with all its columns side by side. */
  stackBelow?: number;
}

/** -1 is the 'Alle' option of TablePagination. */
const ALL_ROWS = -1;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => (size === ALL_ROWS ? { value: ALL_ROWS, label: 'Alle' } : size));

export function noMatchText(term: string): string {
  return `Keine Einträge zu „${term}“ gefunden`;
}

/** Where a table of four or five columns stops fitting: a phone's width. */
const STACK_BELOW_DEFAULT = 600;

/**
 * Below `stackBelow` px of room a row no longer fits: each row becomes a block with one line
 * per column, the column's name before its value; the header row is left to screen readers.
 * The room is the table's own (a container query), so a wide table beside the menu drawer of
 * a 1024 px screen stacks as well as on a phone, instead of scrolling sideways (issue 28.6).
 */
function stackedRows(stackBelow: number): SxProps<Theme> {
  return {
    [`@container (max-width: ${stackBelow - 0.05}px)`]: {
      '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
      '& tbody, & tbody tr': { display: 'block' },
      '& tbody tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
      '& tbody td': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, border: 0, py: 0.5, textAlign: 'right', overflowWrap: 'anywhere' },
      '& tbody td[colspan]': { justifyContent: 'center', textAlign: 'center' },
      '& tbody td[data-label]::before': { content: 'attr(data-label)', fontWeight: 500, textAlign: 'left', flexShrink: 0 },
    },
    // A file's link in a row is tapped like a button.
    '@media (pointer: coarse)': { '& tbody td a': { display: 'inline-flex', alignItems: 'center', minHeight: 44 } },
  };
}

/** The searchable, paged table of the back office (SPEC §2: page sizes 10/25/50/Alle). */
export function DataTable<Row>({ rows, columns, rowKey, label, loading = false, toolbar, initialPageSize = 10, stackBelow = STACK_BELOW_DEFAULT }: DataTableProps<Row>) {
  const rowStyle = useMemo(() => stackedRows(stackBelow), [stackBelow]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(initialPageSize);
  const searchFieldId = useId();

  const term = search.trim();
  const matchingRows = useMemo(() => {
    const needle = term.toLocaleLowerCase('de');
    if (!needle) return rows;
    return rows.filter((row) =>
      columns.some((column) => column.searchText?.(row).toLocaleLowerCase('de').includes(needle)),
    );
  }, [rows, columns, term]);

  // A shrinking list (search, deletion) must not leave the member on a page that no longer exists.
  const lastPage = pageSize === ALL_ROWS ? 0 : Math.max(0, Math.ceil(matchingRows.length / pageSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const visibleRows = pageSize === ALL_ROWS ? matchingRows : matchingRows.slice(currentPage * pageSize, (currentPage + 1) * pageSize);

  let emptyText: string | null = null;
  if (loading && rows.length === 0) emptyText = 'Einträge werden geladen …';
  else if (rows.length === 0) emptyText = EMPTY_TABLE_TEXT;
  else if (matchingRows.length === 0) emptyText = noMatchText(term);

  return (
    // The table's own width decides how its rows are drawn (stackedRows).
    <Paper variant="outlined" sx={{ containerType: 'inline-size' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 2 }}>
        <TextField
          id={searchFieldId}
          label="Suche"
          type="search"
          size="small"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        {toolbar && <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>{toolbar}</Box>}
      </Box>
      {loading && <LinearProgress aria-label={`${label} werden geladen`} />}
      <TableContainer>
        {/* The roles are spelled out: on a phone the rows are laid out as blocks (stackedRows), which would otherwise cost the table its semantics. */}
        <Table size="small" aria-label={label} role="table" sx={rowStyle}>
          <TableHead role="rowgroup">
            <TableRow role="row">
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} role="columnheader">
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {emptyText !== null ? (
              <TableRow role="row">
                <TableCell colSpan={columns.length} align="center" role="cell">
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              visibleRows.map((row) => (
                <TableRow key={rowKey(row)} hover role="row">
                  {columns.map((column) => (
                    <TableCell key={column.id} align={column.align} role="cell" data-label={typeof column.header === 'string' ? column.header : undefined}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={matchingRows.length}
        page={currentPage}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS}
        labelRowsPerPage="Einträge pro Seite:"
        onPageChange={(_event, nextPage) => setPage(nextPage)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        // On a phone the page size, the count and the arrows do not fit one line: they wrap
        // instead of being cut off (the toolbar would otherwise scroll sideways).
        sx={{
          overflow: 'visible',
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 1, px: { xs: 1, sm: 2 } },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          '& .MuiTablePagination-actions': { ml: { xs: 0, sm: 2.5 } },
        }}
      />
    </Paper>
  );
}
