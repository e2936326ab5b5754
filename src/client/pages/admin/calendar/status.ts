import { APPOINTMENT_STATUSES } from '../../../../shared/constants.ts';

/** SPEC §4: red, yellow, green markers; text colours keep the labels readable on each. */
export const STATUS_STYLES: Record<number, { background: string; color: string }> = {
  0: { background: '#c62828', color: '#ffffff' },
  1: { background: '#fdd835', color: '#000000' },
  2: { background: '#2e7d32', color: '#ffffff' },
};

export function statusLabel(status: number): string {
  return APPOINTMENT_STATUSES.find((entry) => entry.value === status)?.label ?? String(status);
}
