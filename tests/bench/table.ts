export type Align = 'left' | 'right';

export interface Column {
  title: string;
  align: Align;
}

/** A plain-text table with a header rule, for a terminal or for pasting into a report. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => {
        const width = widths[index] ?? 0;
        return columns[index]?.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.title)), rule, ...rows.map(line)].join('\n');
}

const integer = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const twoDigits = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatCount(value: number): string {
  return integer.format(value);
}

export function formatMs(value: number): string {
  return Number.isNaN(value) ? '–' : twoDigits.format(value);
}

export function formatRatio(value: number): string {
  return Number.isFinite(value) ? `${twoDigits.format(value)}×` : '–';
}

/** Kibibytes with one decimal: page weights are read as "about 300 KiB", not to the byte. */
export function formatKiB(bytes: number): string {
  return `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1024)} KiB`;
}

/** An answer's size: bytes when small, else KiB. */
export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${integer.format(bytes)} B` : formatKiB(bytes);
}
