import QRCode from 'qrcode';
import { useMemo } from 'react';

export interface QrCodeProps {
  /** What the code carries (a GiroCode's payload, the course book's address). */
  text: string;
  /** The code's text alternative, e.g. 'GiroCode für die Überweisung'. */
  label: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

/** The light margin around the code that scanners need (ISO/IEC 18004: four modules). */
const QUIET_ZONE = 4;

/**
 * The dark modules of a QR code as one SVG path (one unit per module, after the quiet zone),
 * error correction level M as the EPC's GiroCode asks. Pure data, so that the server renders
 * the code into the page's HTML: it is there on a slow connection before any script.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}

/** A QR code drawn as SVG: sharp at any size, printable, and without a canvas or a data URL (strict CSP). */
export function QrCode({ text, label, size = 200 }: QrCodeProps) {
  const { size: units, path } = useMemo(() => qrCodePath(text), [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${units} ${units}`} width={size} height={size} shapeRendering="crispEdges" style={{ display: 'block' }}>
      <rect width={units} height={units} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
